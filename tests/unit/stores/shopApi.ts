import type { APIContext, APIRoute } from 'astro';
import { vi } from 'vitest';
import type { ProductView } from '../../../src/lib/catalogue';
import { lookupOrderEndpoint, placeOrderEndpoint } from '../../../src/server/orders/api';
import { createStore, type Store } from '../../../src/server/store/index';
import { sqliteDatabase, type TestDatabase } from '../../support/databases';

type Product = Pick<ProductView, '_id' | 'title' | 'netQuantities' | 'inStock'>;

/** The shop's real order endpoints on a throwaway SQLite database, reached through `fetch`. */
export interface FakeShopApi {
  store: Store;
  /** Every request the page sent, in order. */
  requests: Request[];
  /** While true, every request fails as if the network were down. */
  offline: boolean;
  close(): Promise<void>;
}

/** Products as the catalogue holds them, by id: `{ id: [title, [[pack, price]], inStock] }`. */
export function catalogue(
  products: Record<string, [string, [string, number][], boolean?]>,
): Map<string, Product> {
  return new Map(
    Object.entries(products).map(([id, [title, packs, inStock = true]]) => [
      id,
      {
        _id: id,
        title,
        inStock,
        netQuantities: packs.map(([label, price]) => ({ label, grams: 100, price })),
      },
    ]),
  );
}

export function installShopApi(products: Map<string, Product>): FakeShopApi {
  const database: TestDatabase = sqliteDatabase();
  const store = createStore(database.config);
  const place = placeOrderEndpoint(async () => products, { perMinute: 10_000 });
  const lookup = lookupOrderEndpoint({ perMinute: 10_000 });
  const requests: Request[] = [];
  const api: FakeShopApi = {
    store,
    requests,
    offline: false,
    async close() {
      await store.close();
      await database.drop();
    },
  };

  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://shop.test');
    const request = new Request(url, init);
    requests.push(request.clone());
    if (api.offline) throw new TypeError('Failed to fetch');
    const id = /^\/api\/v1\/orders\/([^/]+)$/.exec(url.pathname)?.[1];
    const route: APIRoute | undefined =
      url.pathname === '/api/v1/orders' && request.method === 'POST' ? place : id ? lookup : undefined;
    if (!route) return new Response('Not found', { status: 404 });
    const context = { request, url, params: { id }, clientAddress: '127.0.0.1', locals: { store } };
    return route(context as unknown as APIContext);
  });

  return api;
}

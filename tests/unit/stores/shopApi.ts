import type { APIContext, APIRoute } from 'astro';
import { z } from 'astro/zod';
import { expect, vi } from 'vitest';
import { accountAnswer } from '#src/lib/shapes/account.schema.ts';
import { ownOrder, trackedOrder } from '#src/lib/shapes/order.schema.ts';
import { productToday } from '#src/lib/shapes/stock.schema.ts';
import type { ProductView } from '#src/lib/productView.ts';
import {
  addAddress,
  readAccount,
  removeAddress,
  resendConfirmation,
  updateProfile,
} from '#src/server/accounts/api.ts';
import {
  checkCodeEndpoint,
  logoutEndpoint,
  logoutEverywhereEndpoint,
  sendCodeEndpoint,
} from '#src/server/identity/api.ts';
import { lazySession, type Identity } from '#src/server/identity/index.ts';
import { authSettingsFromEnv } from '#src/server/identity/settings.ts';
import { listOrdersEndpoint, lookupOrderEndpoint, placeOrderEndpoint } from '#src/server/orders/api.ts';
import { createPayments, paymentSettingsFromEnv } from '#src/server/payments/settings.ts';
import { readProductsToday } from '#src/server/catalogue/api.ts';
import { checkDiscountEndpoint } from '#src/server/discounts/api.ts';
import { readRestockRequests, requestRestockEndpoint } from '#src/server/stock/api.ts';
import { createStore, type Store } from '#src/server/store/index.ts';
import { cookiesSetBy } from '../../support/cookies.ts';
import { sqliteDatabase, type TestDatabase } from '../../support/databases.ts';

type Product = Pick<ProductView, '_id' | 'title' | 'variety' | 'netQuantities' | 'inStock'>;

/** The shop's real endpoints on a throwaway SQLite database, reached through `fetch` by one browser. */
export interface FakeShopApi {
  store: Store;
  /** Every request the page sent, in order. */
  requests: Request[];
  /** Text messages the shop sent (demo mode: the code is 123456). */
  texts: { to: string; body: string }[];
  /** While true, every request fails as if the network were down. */
  offline: boolean;
  /** The browser's session cookie (empty: none); a test may forget or forge it. */
  cookie: string;
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
        variety: 'Spices',
        inStock,
        netQuantities: packs.map(([label, price]) => ({ label, grams: 100, price })),
      },
    ]),
  );
}

/** Method and path (`:id` for one segment) to the endpoint that answers it. */
function routes(products: Map<string, Product>): [string, RegExp, APIRoute][] {
  return [
    ['POST', /^\/api\/v1\/auth\/code$/, sendCodeEndpoint],
    ['POST', /^\/api\/v1\/auth\/session$/, checkCodeEndpoint],
    ['DELETE', /^\/api\/v1\/auth\/session$/, logoutEndpoint],
    ['DELETE', /^\/api\/v1\/auth\/sessions$/, logoutEverywhereEndpoint],
    ['GET', /^\/api\/v1\/account$/, readAccount],
    ['PATCH', /^\/api\/v1\/account$/, updateProfile],
    ['POST', /^\/api\/v1\/account\/email-confirmation$/, resendConfirmation],
    ['POST', /^\/api\/v1\/account\/addresses$/, addAddress],
    ['DELETE', /^\/api\/v1\/account\/addresses\/(?<id>[^/]+)$/, removeAddress],
    ['GET', /^\/api\/v1\/orders$/, listOrdersEndpoint],
    ['POST', /^\/api\/v1\/orders$/, placeOrderEndpoint(async () => products, { perMinute: 10_000 })],
    ['GET', /^\/api\/v1\/orders\/(?<id>[^/]+)$/, lookupOrderEndpoint({ perMinute: 10_000 })],
    ['GET', /^\/api\/v1\/product\/today$/, readProductsToday(async () => products)],
    ['GET', /^\/api\/v1\/stock\/alerts$/, readRestockRequests],
    ['POST', /^\/api\/v1\/stock\/alerts$/, requestRestockEndpoint(async () => products)],
    [
      'POST',
      /^\/api\/v1\/discounts\/check$/,
      checkDiscountEndpoint(async () => products, { perMinute: 10_000 }),
    ],
    ['GET', /^\/products\/index\.json$/, async () => Response.json(catalogueIndex(products))],
  ];
}

/** The catalogue's index as the build writes it, for what reads each product's small picture. */
function catalogueIndex(products: Map<string, Product>) {
  return {
    success: true,
    products: [...products.values()].map((product) => ({
      id: product._id,
      title: product.title,
      variety: product.variety,
      inStock: product.inStock,
      pack: product.netQuantities[0],
      image: { src: `/_astro/${product._id}.webp` },
      thumb: `/_astro/${product._id}-thumb.webp`,
    })),
  };
}

/**
 * What the shop answers the browser, as `src/lib/shapes` describes it: every answer of these routes
 * in the stores' tests is held to its schema, to the key, so the browser's types are the shop's.
 */
const ANSWERS: [string, RegExp, z.ZodType][] = [
  ['GET', /^\/api\/v1\/account$/, accountAnswer],
  ['POST', /^\/api\/v1\/auth\/session$/, accountAnswer.extend({ message: z.literal('Welcome!') })],
  [
    'GET',
    /^\/api\/v1\/orders$/,
    z.object({ success: z.literal(true), page: z.number(), hasMore: z.boolean(), orders: z.array(ownOrder) }),
  ],
  [
    'GET',
    /^\/api\/v1\/orders\/[^/]+$/,
    z.object({ success: z.literal(true), order: z.union([ownOrder, trackedOrder]) }),
  ],
  [
    'GET',
    /^\/api\/v1\/product\/today$/,
    z.object({ success: z.literal(true), products: z.array(productToday) }),
  ],
];

/** Holds a successful answer of a described route to its schema: nothing missing, nothing more. */
async function expectDescribed(method: string, url: URL, response: Response): Promise<void> {
  const schema = ANSWERS.find(([asked, path]) => asked === method && path.test(url.pathname))?.[2];
  if (!schema || response.status !== 200) return;
  const body: unknown = await response.clone().json();
  expect(schema.parse(body), `${method} ${url.pathname} answers as its schema says`).toEqual(body);
}

export function installShopApi(products: Map<string, Product>): FakeShopApi {
  const database: TestDatabase = sqliteDatabase();
  const store = createStore(database.config);
  const texts: FakeShopApi['texts'] = [];
  const identity: Identity = {
    settings: authSettingsFromEnv({ SITE_URL: 'http://localhost:4321' }),
    sender: { name: 'console', send: async ({ to, body }) => void texts.push({ to, body }) },
  };
  const payments = createPayments(paymentSettingsFromEnv({ SITE_URL: 'http://localhost:4321' }), store);
  const table = routes(products);
  const api: FakeShopApi = {
    store,
    requests: [],
    texts,
    offline: false,
    cookie: '',
    async close() {
      await store.close();
      await database.drop();
    },
  };

  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost:4321');
    const headers = new Headers(init?.headers);
    if (api.cookie) headers.set('Cookie', api.cookie);
    // What a browser on this machine sends: the demo code signs in only such requests.
    headers.set('Host', url.host);
    const request = new Request(url, { ...init, headers });
    api.requests.push(request.clone());
    if (api.offline) throw new TypeError('Failed to fetch');
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    for (const [routeMethod, path, route] of table) {
      const match = path.exec(url.pathname);
      if (!match || routeMethod !== method) continue;
      const context = {
        request,
        url,
        site: new URL('http://localhost:4321'),
        params: { ...match.groups },
        clientAddress: '127.0.0.1',
        locals: { store, identity, payments },
        // The stores' tests ride on the session's own header, not on cookies set through Astro.
        cookies: cookiesSetBy().cookies,
      } as unknown as APIContext;
      context.locals.session = lazySession(context).session;
      const response = await route(context);
      await expectDescribed(method, url, response);
      const cookie = response.headers.get('set-cookie');
      if (cookie) api.cookie = /Max-Age=0/.test(cookie) ? '' : (cookie.split(';')[0] ?? '');
      return response;
    }
    return new Response('Not found', { status: 404 });
  });

  return api;
}

import type { APIContext, APIRoute } from 'astro';
import { KEPT_BY_CONTENT } from '#src/server/http/routeCache.ts';
import { contentTag } from '#src/server/http/static.ts';
import { availability, type StockCounts } from '#src/lib/stock.ts';
import { accountEndpoint, answerSafely } from '#src/server/api/endpoint.ts';
import { restockRequest, type StockAnswer } from '#src/lib/shapes/stock.schema.ts';
import { reply } from '#src/server/api/respond.ts';
import { signInFirst } from '#src/server/identity/index.ts';
import type { Catalogue } from '#src/server/catalogue/load.ts';
import { lookUpPack } from '#src/server/catalogue/packs.ts';
import type { StockLevel, Store } from '#src/server/store/types.ts';

/** How long a browser or CDN may keep the live read: shoppers see a change within a minute. */
const FRESH_SECONDS = 60;

/** How long a CDN may answer from an old answer with availability while it asks for the next. */
const STALE_SECONDS = 600;

const UNAVAILABLE = 'Stock is unavailable right now. Please try again shortly.';

/** Counted packs as the live read answers them: product id, then pack label, then count. */
export function stockCountsOf(levels: readonly StockLevel[]): StockCounts {
  const counts: Record<string, Record<string, number>> = {};
  for (const { productId, pack, count } of levels) (counts[productId] ??= {})[pack] = count;
  return counts;
}

/**
 * Counted packs as they stand (of the products `ids`, else all), for what shows availability;
 * undefined while the database cannot answer, which is logged with what then says what the
 * Markdown says (`what`).
 */
export async function countsNow(
  store: Pick<Store, 'stockLevels'>,
  what: string,
  ids?: readonly string[],
): Promise<StockCounts | undefined> {
  try {
    return stockCountsOf(await store.stockLevels(ids));
  } catch (error) {
    console.warn(
      `[stock] ${what} says what its Markdown says: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
}

/**
 * An answer that shows availability (the product list, the catalogue's index): made by `make`
 * from what `read` gives (the catalogue, read once per process) and the counts, once per change
 * of either, and kept by Astro's route cache by its content (src/server/http/routeCache.ts), so it
 * says at once what was just counted, by this process or any other, and is compressed once per
 * change, not per request. Browsers and CDNs may keep it a minute, as the live read. While the
 * database cannot answer, it follows each product's Markdown and is kept by nobody here, so the
 * next request reads the counts again.
 */
export function answerWithStock<Sources extends Record<string, unknown>>(
  path: string,
  read: (context: APIContext) => Promise<Sources>,
  make: (sources: Sources, counts: StockCounts) => string,
): APIRoute {
  let last: { counts: string; sources: Sources; body: Uint8Array<ArrayBuffer>; etag: string } | undefined;
  return async (context) => {
    const [sources, counts] = await Promise.all([read(context), countsNow(context.locals.store, path)]);
    if (!counts) return answer(make(sources, {}));
    const key = JSON.stringify(counts);
    // The sources are the same objects until the catalogue changes (each request in `astro dev`).
    const same =
      last?.counts === key &&
      Object.entries(sources).every(([name, source]) => source === last?.sources[name]);
    if (!same || !last) {
      // As bytes once, not again for every request that sends them.
      const body = new TextEncoder().encode(make(sources, counts));
      last = { counts: key, sources, body, etag: contentTag(body) };
    }
    context.cache.set({ etag: `"${last.etag}"`, tags: [KEPT_BY_CONTENT] });
    return answer(last.body);
  };
}

const answer = (body: string | Uint8Array<ArrayBuffer>) =>
  new Response(body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': `public, max-age=${FRESH_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`,
    },
  });

/**
 * `GET /api/v1/stock`: every counted pack, `{ success, stock: { [productId]: { [pack]: n } } }`.
 * One address for every page, so a browser or CDN keeps one copy for a minute; a pack not listed
 * is not counted and follows the catalogue's `inStock`.
 */
export const readStock: APIRoute = ({ url, locals }) =>
  answerSafely(url, UNAVAILABLE, async () =>
    Response.json(
      { success: true, stock: stockCountsOf(await locals.store.stockLevels()) } satisfies StockAnswer,
      { headers: { 'Cache-Control': `public, max-age=${FRESH_SECONDS}` } },
    ),
  );

/** `GET /api/v1/stock/alerts`: the packs the signed-in shopper asked to hear about. */
export const readRestockRequests: APIRoute = ({ url, locals }) =>
  answerSafely(url, UNAVAILABLE, async () => {
    const signedIn = await locals.session();
    if (!signedIn) return signInFirst();
    const requests = await locals.store.restockRequests(signedIn.account.id);
    return Response.json({ success: true, requests }, { headers: { 'Cache-Control': 'no-store' } });
  });

/**
 * `POST /api/v1/stock/alerts` `{ productId, pack, notify }`: asks (or stops asking) to be sent
 * one text when a sold-out pack is back. Only a sold-out pack takes a request: that is what
 * makes any request still waiting when the count rises a 0 → N change (see `changeStock`).
 */
export function requestRestockEndpoint(catalogue: () => Promise<Catalogue>): APIRoute {
  return accountEndpoint({
    name: 'stock-alerts',
    schema: restockRequest,
    unavailable: UNAVAILABLE,
    async save({ productId, pack, notify }, { locals }, signedIn) {
      const found = lookUpPack(await catalogue(), productId, pack);
      if (!found.found) return reply(400, false, found.refusal);
      const { product } = found;
      const counts = stockCountsOf(await locals.store.stockLevels([productId]));
      if (notify && availability(counts, productId, pack, product.inStock).inStock) {
        return reply(409, false, `${product.title} (${pack}) is in stock: add it to your cart.`);
      }
      await locals.store.setRestockRequest(signedIn.account.id, { productId, pack }, notify);
      return Response.json(
        { success: true, notify, message: notify ? "We'll text you when it's back." : 'Request cancelled.' },
        { headers: { 'Cache-Control': 'no-store' } },
      );
    },
  });
}

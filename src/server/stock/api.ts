import type { APIContext, APIRoute } from 'astro';
import { availability, type StockCounts } from '#src/lib/stock.ts';
import { accountEndpoint, answerSafely } from '#src/server/api/endpoint.ts';
import { restockRequest, type StockAnswer } from '#src/lib/shapes/stock.schema.ts';
import { reply } from '#src/server/api/respond.ts';
import { signInFirst } from '#src/server/identity/index.ts';
import type { Catalogue } from '#src/server/catalogue/load.ts';
import { lookUpPack } from '#src/server/catalogue/packs.ts';
import type { StockLevel } from '#src/server/store/types.ts';

/** How long a browser or CDN may keep the live read: shoppers see a change within a minute. */
const FRESH_SECONDS = 60;

/** How long Astro's route cache answers an old answer with availability while it makes the next. */
const STALE_SECONDS = 600;

const UNAVAILABLE = 'Stock is unavailable right now. Please try again shortly.';

/** Counted packs as the live read answers them: product id, then pack label, then count. */
export function stockCountsOf(levels: readonly StockLevel[]): StockCounts {
  const counts: Record<string, Record<string, number>> = {};
  for (const { productId, pack, count } of levels) (counts[productId] ??= {})[pack] = count;
  return counts;
}

/**
 * Every counted pack as it stands, for an answer that shows availability; undefined while the
 * database cannot answer (logged with `answer`, the address), and the answer then follows each
 * product's Markdown `inStock`.
 */
export async function countsNow(locals: App.Locals, answer: string): Promise<StockCounts | undefined> {
  try {
    return stockCountsOf(await locals.store.stockLevels());
  } catch (error) {
    console.error(`[server] ${answer} goes out without live stock: ${String(error)}`);
    return undefined;
  }
}

/**
 * The `Cache-Control` of an answer that shows availability, which may be a minute old like the
 * live read. Made with the counts, Astro's route cache keeps it that minute too (and answers from
 * it while it makes the next); made without them, it is kept by nobody here, so the next request
 * reads the counts again.
 */
export function keptAMinute(cache: APIContext['cache'], counted: boolean): string {
  if (counted) cache.set({ maxAge: FRESH_SECONDS, swr: STALE_SECONDS });
  return `public, max-age=${FRESH_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`;
}

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

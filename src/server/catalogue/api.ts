import type { APIRoute } from 'astro';
import { MOST_PRODUCTS_TODAY, type ProductToday } from '#src/lib/productToday.ts';
import type { ProductView } from '#src/lib/productView.ts';
import { reply } from '#src/server/api/respond.ts';
import { answerWithStock, countsNow } from '#src/server/stock/api.ts';
import { withAvailability } from '#src/server/stock/availability.ts';

/** How long a browser or CDN may keep an answer: its availability is live, as the stock read's. */
const TODAY_FRESH_SECONDS = 60;

/** The products being read as the catalogue has them, before their packs' availability. */
type Listed = Omit<ProductToday, 'netQuantities'> & { netQuantities: ProductView['netQuantities'] };

/**
 * `GET /api/v1/product/today?ids=amchur,berbere`: `{ success, products }`, those products as sold
 * today (packs, prices and offers, and each pack's availability as the product list reports it),
 * in the order asked; an id the catalogue does not have is left out, which is how a list learns a
 * product has gone. While the database cannot answer, packs go out as the Markdown has them. For
 * the cart, checkout and wishlist, kept in the browser: their pages used to carry what they needed
 * of every product.
 */
export function readProductsToday(catalogue: () => Promise<ReadonlyMap<string, Listed>>): APIRoute {
  return async ({ url, locals }) => {
    const asked = url.searchParams.get('ids');
    if (asked === null) {
      return reply(
        400,
        false,
        'Name the products with ?ids=, separated by commas (e.g. ?ids=amchur,berbere).',
      );
    }
    const ids = [
      ...new Set(
        asked
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== ''),
      ),
    ];
    if (ids.length > MOST_PRODUCTS_TODAY) {
      return reply(
        400,
        false,
        `Ask for at most ${MOST_PRODUCTS_TODAY} products at a time, not ${ids.length}.`,
      );
    }
    const products = await catalogue();
    const found = ids.flatMap((id) => {
      const product = products.get(id);
      if (!product) return [];
      const { _id, title, netQuantities, inStock } = product;
      return [{ _id, title, netQuantities, inStock }];
    });
    const counts =
      found.length > 0
        ? await countsNow(
            locals.store,
            '/api/v1/product/today',
            found.map(({ _id }) => _id),
          )
        : undefined;
    return Response.json(
      { success: true, products: withAvailability(found, counts ?? {}) },
      { headers: { 'Cache-Control': `public, max-age=${TODAY_FRESH_SECONDS}` } },
    );
  };
}

/**
 * `GET /api/v1/product`: `{ success: true, products }`, every product of `catalogue` with each
 * pack's availability (`withAvailability`), its image and video URLs absolute on `site` (the
 * shop's public origin), never on anything a request says.
 */
export function listProducts(catalogue: () => Promise<readonly ProductView[]>): APIRoute {
  return answerWithStock(
    '/api/v1/product',
    async ({ site }) => {
      if (!site) throw new Error('GET /api/v1/product needs `site` (SITE_URL) for its absolute URLs');
      // The site as text: the same value every request, so the answer is kept while the counts stand.
      return { products: await catalogue(), site: site.href };
    },
    ({ products, site }, counts) => {
      const absolute = (path: string) => new URL(path, site).href;
      return JSON.stringify({
        success: true,
        products: withAvailability(products, counts).map((product) => ({
          ...product,
          images: product.images.map(absolute),
          ...(product.video ? { video: absolute(product.video) } : {}),
        })),
      });
    },
  );
}

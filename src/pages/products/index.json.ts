import type { APIRoute } from 'astro';
import { catalogueOf } from '#src/build/catalogueIndex.ts';
import { recipeCards } from '#src/build/recipeIndex.ts';
import { onlyGet } from '#src/server/api/respond.ts';
import { catalogueById } from '#src/server/catalogue/load.ts';
import { withLiveAvailability } from '#src/server/stock/availability.ts';
import { answerWithStock } from '#src/server/stock/api.ts';

export const prerender = false;

/**
 * The catalogue's compact index: every product's card and search fields, each product's
 * `available` as the stock stands, and every recipe's card (search finds recipes too).
 */
export const GET = answerWithStock(
  '/products/index.json',
  async ({ locals }) => {
    const [items, products, recipes] = await Promise.all([
      catalogueOf(locals),
      catalogueById(),
      recipeCards(),
    ]);
    return { items, products, recipes };
  },
  ({ items, products, recipes }, counts) =>
    JSON.stringify({ success: true, products: withLiveAvailability(items, products, counts), recipes }),
) satisfies APIRoute;
export const HEAD = GET;
export const ALL = onlyGet satisfies APIRoute;

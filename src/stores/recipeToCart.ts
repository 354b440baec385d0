// "Add the spices to cart" on a recipe page: kept apart from cart.ts, which every page's top bar
// loads, so that only recipe pages load it.
import { lineItem, type LineItem } from '#src/lib/lineItem.ts';
import { smallestInStock } from '#src/lib/recipes.ts';
import { addToCart } from './cart.ts';
import { $productsToday, learnProductsToday } from './productsToday.ts';

/** One of a recipe's spices as its page knows it: the product, its name and its cart picture. */
export interface RecipeSpiceToAdd {
  productId: string;
  title: string;
  image: string;
}

/** Why a spice did not go into the cart. */
export type NotAdded = 'sold out' | 'gone' | 'unknown' | 'not saved';

/** What one press did: the lines added, and the spices that could not be, with why. */
export interface SpicesAdded {
  added: LineItem[];
  missing: { title: string; reason: NotAdded }[];
}

/**
 * Puts the smallest pack in stock of each spice into the cart, as the shop sells it today (asked
 * in one request). A spice with no pack in stock, gone from the catalogue, or that the shop could
 * not be asked about is not added, and is named with why.
 */
export async function addRecipeSpicesToCart(spices: readonly RecipeSpiceToAdd[]): Promise<SpicesAdded> {
  await learnProductsToday(spices.map((spice) => spice.productId));
  const today = $productsToday.get();
  const result: SpicesAdded = { added: [], missing: [] };
  for (const { productId, title, image } of spices) {
    const product = today.get(productId);
    const pack = product ? smallestInStock(product.netQuantities) : -1;
    if (!product || pack < 0) {
      const reason = product === undefined ? 'unknown' : product === null ? 'gone' : 'sold out';
      result.missing.push({ title, reason });
      continue;
    }
    const line = lineItem(product, pack, image);
    if (addToCart(line).saved) result.added.push(line);
    else result.missing.push({ title, reason: 'not saved' });
  }
  return result;
}

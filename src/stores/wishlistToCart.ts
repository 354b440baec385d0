// Add to Cart from the wishlist: kept apart from wishlist.ts, which the hearts of every catalogue
// page load, so that those pages load no cart code.
import { lineItem, type LineItem, type ProductToday } from '#src/lib/catalogue.ts';
import { addToCart } from './cart.ts';
import { askProductToday } from './productsToday.ts';
import type { WishlistItem } from './wishlistState.ts';

/**
 * The cart line a saved item stands for today: its saved pack at today's price (the offer price
 * while on offer; the first pack when the saved one is no longer sold); the item as it was saved
 * while today's product is not known; none once the product has left the catalogue.
 */
export function lineToday(item: WishlistItem, product: ProductToday | null | undefined): LineItem | null {
  if (product === undefined) return item;
  if (product === null) return null;
  const packIndex = product.netQuantities.findIndex((pack) => pack.label === item.pack);
  return lineItem(product, packIndex, item.image);
}

/**
 * Puts a saved item into the cart at today's price, asking the shop first when that is not known
 * yet; when the shop cannot be reached, as it was saved (checkout prices every line from the
 * catalogue in any case). Nothing is added of a product gone or out of stock (`added: null`).
 */
export async function addSavedToCart(
  item: WishlistItem,
): Promise<{ added: LineItem | null; saved: boolean }> {
  const product = await askProductToday(item.productId);
  const line = product?.inStock === false ? null : lineToday(item, product);
  if (!line) return { added: null, saved: true };
  return { added: line, ...addToCart(line) };
}

// Add to Cart from the wishlist: kept apart from wishlist.ts, which the hearts of every catalogue
// page load, so that those pages load no cart code.
import { lineItem, type LineItem } from '#src/lib/lineItem.ts';
import { packNamed, type PackToday, type ProductToday } from '#src/lib/productToday.ts';
import { mostOf } from '#src/lib/stockLimit.ts';
import { addToCart } from './cart.ts';
import { askProductToday } from './productsToday.ts';
import type { WishlistItem } from './wishlistState.ts';

/** What a saved item stands for today, and why it cannot go into the cart when it cannot. */
export interface SavedToday {
  /**
   * The cart line: its saved pack at today's price (the offer price while on offer; the first pack
   * when the saved one is no longer sold); the item as it was saved while today's product is not
   * known; none once the product has left the catalogue.
   */
  line: LineItem | null;
  /** That pack as sold today, when known. */
  pack: PackToday | undefined;
  /** Why it cannot be added: the product has left the catalogue, or its pack is sold out. */
  unavailable: 'gone' | 'sold out' | null;
  /** When its pack is sold out, the product's packs that sell, which the shopper may take instead. */
  others: PackToday[];
}

export function savedToday(item: WishlistItem, product: ProductToday | null | undefined): SavedToday {
  if (product === undefined) return { line: item, pack: undefined, unavailable: null, others: [] };
  if (product === null) return { line: null, pack: undefined, unavailable: 'gone', others: [] };
  const saved = product.netQuantities.findIndex((pack) => pack.label === item.pack);
  const line = lineItem(product, saved, item.image);
  const pack = packNamed(product, line.pack);
  if (pack?.inStock !== false) return { line, pack, unavailable: null, others: [] };
  const others = product.netQuantities.filter((other) => other.inStock);
  return { line, pack, unavailable: 'sold out', others };
}

/**
 * Puts a saved item into the cart at today's price, asking the shop first when that is not known
 * yet; when the shop cannot be reached, as it was saved (checkout prices every line from the
 * catalogue in any case). `pack` takes another pack of the product instead (one of `others`).
 * Nothing is added of a product gone or a pack sold out (`added: null`), nor beyond its count.
 */
export async function addSavedToCart(
  item: WishlistItem,
  pack: string = item.pack,
): Promise<{ added: LineItem | null; saved: boolean }> {
  const product = await askProductToday(item.productId);
  const { line, unavailable } = savedToday({ ...item, pack }, product);
  if (!line || unavailable) return { added: null, saved: true };
  return { added: line, ...addToCart(line, 1, mostOf(packNamed(product, line.pack)?.stock)) };
}

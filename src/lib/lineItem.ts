import { sellingPrice, type PackSize } from './packPrices.ts';
import { packNamed } from './productToday.ts';
import type { ProductView } from './productView.ts';

/** What goes into the cart (or the wishlist) for one product in one pack size, as they keep it. */
export interface LineItem {
  /** The spec's line id, `<slug>:<pack label>`: stored as written, never read apart. */
  id: string;
  /** The product's slug. */
  productId: string;
  /** The pack size's label ("1 g"); empty for a product sold in one size. */
  pack: string;
  name: string;
  price: number;
  image: string;
}

/**
 * The cart or wishlist line for a product in one pack size: its product and pack, the spec's id
 * (`<slug>:<pack label>`, built here only), and a name with the size.
 */
export function lineItem(
  product: Pick<ProductView, '_id' | 'title' | 'netQuantities'>,
  packIndex: number,
  image: string,
): LineItem {
  const pack = product.netQuantities[packIndex] ?? product.netQuantities[0];
  if (!pack) throw new Error(`Product ${product._id} has no pack sizes`);
  return {
    id: `${product._id}:${pack.label}`,
    productId: product._id,
    pack: pack.label,
    name: `${product.title} (${pack.label})`,
    price: sellingPrice(pack),
    image,
  };
}

/**
 * The original price to strike beside a line's price, when the line is at an offer price: the
 * price of its pack today, where that pack is on offer.
 */
export function originalPriceOf(
  product: { netQuantities: readonly PackSize[] } | null | undefined,
  line: Pick<LineItem, 'pack' | 'price'>,
): number | undefined {
  const pack = packNamed(product, line.pack);
  return pack?.offerPrice !== undefined && pack.price > line.price ? pack.price : undefined;
}

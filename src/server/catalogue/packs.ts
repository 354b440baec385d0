import type { PackSize } from '#src/lib/packPrices.ts';
import type { Catalogue, CatalogueProduct } from './load.ts';

/** The usual answer to a product id the catalogue does not have. */
export const noSuchProduct = (productId: string): string => `There is no product "${productId}".`;

/** A product's pack, found: the product, the pack and its place among the product's packs. */
export type PackLookup =
  | { found: true; product: CatalogueProduct; pack: PackSize; packIndex: number }
  | { found: false; refusal: string };

interface PackLookupOptions {
  /** The refusal of an unknown product, in the caller's words. */
  noProduct?: (productId: string) => string;
  /** Whether a label the request gives names a pack's label (by default, exactly). */
  samePack?: (asked: string, label: string) => boolean;
}

/**
 * The pack `asked` of product `productId`, as orders, discounts, stock alerts and stock counts
 * check it: refused when the catalogue has no such product, or the product no such pack (naming
 * the packs it comes in).
 */
export function lookUpPack(
  catalogue: Catalogue,
  productId: string,
  asked: string,
  { noProduct = noSuchProduct, samePack = (a, b) => a === b }: PackLookupOptions = {},
): PackLookup {
  const product = catalogue.get(productId);
  if (!product) return { found: false, refusal: noProduct(productId) };
  const packIndex = product.netQuantities.findIndex((pack) => samePack(asked, pack.label));
  const pack = product.netQuantities[packIndex];
  if (!pack) {
    const sizes = product.netQuantities.map((size) => size.label).join(', ');
    return { found: false, refusal: `${product.title} comes in ${sizes}, not "${asked}".` };
  }
  return { found: true, product, pack, packIndex };
}

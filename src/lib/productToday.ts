import type { PackSize } from './packPrices.ts';

export type { PackToday, ProductToday } from './shapes/stock.schema.ts';

/** The most products one `GET /api/v1/product/today` names: its address stays a few KB long. */
export const MOST_PRODUCTS_TODAY = 100;

/** A product's pack by its label: none when the product (or that pack) is not sold. */
export const packNamed = <Pack extends PackSize>(
  product: { netQuantities: readonly Pack[] } | null | undefined,
  label: string,
): Pack | undefined => product?.netQuantities.find((pack) => pack.label === label);

/**
 * Whether a product has a pack to sell: "In stock only" lists it, and its card has no Out of
 * Stock. `available` is the live answer, when the server read the stock; as built, the Markdown's.
 */
export const sellsToday = (item: { inStock: boolean; available?: boolean }): boolean =>
  item.available ?? item.inStock;

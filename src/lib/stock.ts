/** At or under this many left, shoppers see "Only N left". */
const LOW_STOCK = 5;

/** Counted packs as the live stock read answers them: product id, then pack label, then count. */
export type StockCounts = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** Where a pack stands: `left` only when the merchant counts it (an uncounted pack is unlimited). */
export interface Availability {
  inStock: boolean;
  left?: number;
}

/**
 * A pack's availability: its count when counted, else its Markdown `inStock` (in stock without a
 * count is sold without limit).
 */
export function availability(
  counts: StockCounts,
  productId: string,
  pack: string,
  inStock: boolean,
): Availability {
  // A count that is not a number (a bad answer) reads as not counted.
  const left = counts[productId]?.[pack];
  return typeof left === 'number' ? { inStock: left > 0, left } : { inStock };
}

/** What a product page or card says of a pack: "Sold out", "Only 3 left", or nothing. */
export function stockNote({ inStock, left }: Availability): string {
  if (!inStock) return 'Sold out';
  return left !== undefined && left <= LOW_STOCK ? `Only ${left} left` : '';
}

/** A cart line's warning: its pack sold out, or fewer left than it holds; nothing otherwise. */
export function lineWarning({ inStock, left }: Availability, quantity: number): string {
  if (!inStock) return 'Sold out since you added it';
  return left !== undefined && left < quantity ? `Only ${left} left` : '';
}

/** At or under this many left, shoppers see "Only N left". */
export const LOW_STOCK = 5;

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
  const left = counts[productId]?.[pack];
  return left === undefined ? { inStock } : { inStock: left > 0, left };
}

/** What a product page or card says of a pack: "Sold out", "Only 3 left", or nothing. */
export function stockNote({ inStock, left }: Availability): string {
  if (!inStock) return 'Sold out';
  return left !== undefined && left <= LOW_STOCK ? `Only ${left} left` : '';
}

/** The counts of a live read's answer; anything not a whole number from 0 is left out. */
export function parseStockCounts(value: unknown): StockCounts {
  const counts: Record<string, Record<string, number>> = {};
  if (typeof value !== 'object' || value === null) return counts;
  for (const [productId, packs] of Object.entries(value)) {
    if (typeof packs !== 'object' || packs === null) continue;
    for (const [pack, left] of Object.entries(packs)) {
      if (Number.isInteger(left) && (left as number) >= 0) (counts[productId] ??= {})[pack] = left as number;
    }
  }
  return counts;
}

/** Whether any of a product's packs can be bought. */
export function anyInStock(
  counts: StockCounts,
  productId: string,
  packs: readonly string[],
  inStock: boolean,
): boolean {
  return packs.some((pack) => availability(counts, productId, pack, inStock).inStock);
}

/** A cart line's warning: its pack sold out, or fewer left than it holds; nothing otherwise. */
export function lineWarning(counts: StockCounts, productId: string, pack: string, quantity: number): string {
  const left = counts[productId]?.[pack];
  if (left === undefined || left >= quantity) return '';
  return left === 0 ? 'Sold out since you added it' : `Only ${left} left`;
}

import type { StockCounts } from './shapes/stock.schema.ts';

export type { StockCounts };

/** At or under this many left, shoppers see "Only N left". */
const LOW_STOCK = 5;

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

/** How each of a product's packs stands, in the order of `packs` (their labels). */
export function packStates(
  counts: StockCounts,
  productId: string,
  packs: readonly string[],
  inStock: boolean,
): Availability[] {
  return packs.map((pack) => availability(counts, productId, pack, inStock));
}

/** The pack a product page opens on: the first that can be bought, else the first. */
export function firstBuyable(states: readonly Availability[]): number {
  return Math.max(
    0,
    states.findIndex((state) => state.inStock),
  );
}

/**
 * What a card says of its product, whose packs are `packs`, the one it prices first: "Sold out"
 * when none sells, the packs that are out when some are ("50 g sold out"), else the priced pack's
 * "Only 3 left" or nothing.
 */
export function cardNote(
  counts: StockCounts,
  productId: string,
  packs: readonly string[],
  inStock: boolean,
): string {
  const states = packStates(counts, productId, packs, inStock);
  const out = packs.filter((_pack, index) => !states[index]?.inStock);
  if (out.length === packs.length) return 'Sold out';
  return out.length > 0 ? `${out.join(', ')} sold out` : stockNote(states[0] ?? { inStock });
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

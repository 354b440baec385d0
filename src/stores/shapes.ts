/** Small validators for values read back from storage: they answer `undefined` for a bad value. */
import type { LineItem } from '#src/lib/lineItem.ts';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string as it is; anything else is `fallback`. */
export function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** An id: a non-empty string, or a number written by older data, as text. */
export function id(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

export function amount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The most one pack may cost, in dollars. A larger stored price is damage, not a price: times a
 * line's quantity in cents it could overflow the cart's total.
 */
const MAX_PRICE = 1_000_000;

/** A price: an amount no greater than MAX_PRICE. */
export function price(value: unknown): number | undefined {
  const dollars = amount(value);
  return dollars !== undefined && dollars <= MAX_PRICE ? dollars : undefined;
}

export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * The good entries of a stored list: not a list reads as empty, bad entries are dropped and so
 * are repeated ids (the first one wins).
 */
export function listOf<T extends { id: string }>(
  value: unknown,
  parseEntry: (entry: unknown) => T | undefined,
): T[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const entries: T[] = [];
  for (const raw of value) {
    const entry = parseEntry(raw);
    if (entry && !seen.has(entry.id)) {
      seen.add(entry.id);
      entries.push(entry);
    }
  }
  return entries;
}

/** Which line of the cart or the wishlist: one product in one pack size. */
export type LineKey = Pick<LineItem, 'productId' | 'pack'>;

export function sameLine(a: LineKey, b: LineKey): boolean {
  return a.productId === b.productId && a.pack === b.pack;
}

/**
 * Which line a stored item is. Items stored before they carried product and pack had only the id
 * `<slug>:<pack label>` (or a bare id): the one place an id is read apart.
 */
function lineKeyOf(itemId: string, { productId, pack }: Record<string, unknown>): LineKey | undefined {
  if (productId === undefined && pack === undefined) [productId, pack = ''] = itemId.split(/:(.*)/);
  return typeof productId === 'string' && productId !== '' && typeof pack === 'string'
    ? { productId, pack }
    : undefined;
}

export function parseItem(value: unknown): LineItem | undefined {
  if (!isRecord(value)) return undefined;
  const itemId = id(value.id);
  const itemPrice = price(value.price);
  const key = itemId === undefined ? undefined : lineKeyOf(itemId, value);
  if (itemId === undefined || !key || typeof value.name !== 'string' || itemPrice === undefined)
    return undefined;
  return { id: itemId, ...key, name: value.name, price: itemPrice, image: text(value.image) };
}

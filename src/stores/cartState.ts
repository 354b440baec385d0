// What the cart holds: the stored lines, their shape and count. The actions are in cart.ts, which
// re-exports what islands use; the top bar of every page loads only this module.
import { MAX_QUANTITY } from '#src/lib/quantity.ts';
import { derived, persistentAtom } from './persistent.ts';
import type { LineItem } from '#src/lib/catalogue.ts';
import { listOf, parseItem } from './shapes.ts';

/** One product in one pack size (`productId`, `pack`); `name` names the size. */
export type CartLine = LineItem & { quantity: number };

/** The storage key of the cart. */
export const CART_KEY = 'cart';

/**
 * A stored cart line: an object with an id (non-empty text, or a number written by older data), a
 * product id (non-empty text) and a pack (text), both missing in lines stored before lines carried
 * them, a name, a price (a finite amount from 0 to MAX_PRICE, written out here) and a quantity (a
 * whole number above 0; more than MAX_QUANTITY reads as MAX_QUANTITY). Self-contained, as the
 * checkout guard runs its source before the page is parsed.
 */
export function isCartLine(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const { id, productId, pack, name, price, quantity } = value as Record<string, unknown>;
  return (
    (typeof id === 'string' ? id !== '' : Number.isFinite(id)) &&
    ((productId === undefined && pack === undefined) ||
      (typeof productId === 'string' && productId !== '' && typeof pack === 'string')) &&
    typeof name === 'string' &&
    Number.isFinite(price) &&
    (price as number) >= 0 &&
    (price as number) <= 1_000_000 &&
    Number.isSafeInteger(quantity) &&
    (quantity as number) > 0
  );
}

export function parseLine(value: unknown): CartLine | undefined {
  const item = isCartLine(value) ? parseItem(value) : undefined;
  return item && { ...item, quantity: Math.min(MAX_QUANTITY, (value as { quantity: number }).quantity) };
}

/** Written only by the actions in cart.ts. */
export const cart = persistentAtom<CartLine[]>(CART_KEY, [], (json) => listOf(json, parseLine));

/** How many packs the lines hold, all quantities summed. */
export const unitsOf = (lines: readonly CartLine[]): number =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/** The header badge's count. */
export const $cartCount = derived(cart, unitsOf);

// What the cart holds: the stored lines, their shape and count. The actions are in cart.ts, which
// re-exports what islands use; the top bar of every page loads only this module.
import { MAX_QUANTITY } from '#src/lib/quantity.ts';
import { derived, persistentAtom } from './persistent.ts';
import type { LineItem } from '#src/lib/lineItem.ts';
import { count, listOf, parseItem } from './shapes.ts';

/** One product in one pack size (`productId`, `pack`); `name` names the size. */
export type CartLine = LineItem & { quantity: number };

/** The storage key of the cart. */
export const CART_KEY = 'cart';

/**
 * A stored cart line: an object with an id (non-empty text, or a number written by older data), a
 * product id (non-empty text) and a pack (text), both missing in lines stored before lines carried
 * them, a name, a price (a finite amount from 0 to MAX_PRICE, written out here) and a quantity (a
 * whole number above 0; more than MAX_QUANTITY reads as MAX_QUANTITY). parseLine's rule, written
 * out self-contained for the checkout guard, which runs its source before the page is parsed
 * (tests/unit/stores/accountGuard.test.ts holds the two to one answer); the top bar reads the
 * cart through parseLine and loads none of it.
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
  const item = parseItem(value);
  const quantity = count((value as { quantity?: unknown } | null)?.quantity);
  return item && quantity ? { ...item, quantity: Math.min(MAX_QUANTITY, quantity) } : undefined;
}

/** Written only by the actions in cart.ts. */
export const cart = persistentAtom<CartLine[]>(CART_KEY, [], (json) => listOf(json, parseLine));

/** How many packs the lines hold, all quantities summed. */
export const unitsOf = (lines: readonly CartLine[]): number =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/** The header badge's count. */
export const $cartCount = derived(cart, unitsOf);

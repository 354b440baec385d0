import type { ReadableAtom } from 'nanostores';
import { MAX_QUANTITY } from '#src/lib/quantity.ts';
import { fromCents, toCents } from '#src/lib/money.ts';
import { cart, parseLine, type CartLine } from './cartState.ts';
import { derived } from './persistent.ts';
import type { LineItem } from '#src/lib/lineItem.ts';
import { parseItem, sameLine, type LineKey } from './shapes.ts';

export { $cartCount, CART_KEY, isCartLine, type CartLine } from './cartState.ts';

export const $cart: ReadableAtom<CartLine[]> = cart;

/** Dollars, exact: summed in integer cents. Shipping is free, so this is also the order total. */
export function cartTotal(lines: readonly CartLine[]): number {
  return fromCents(lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0));
}

export const $cartTotal = derived(cart, cartTotal);

/** Price times quantity, computed in cents (a cart line or an order's item). */
export function lineTotal(line: Pick<CartLine, 'price' | 'quantity'>): number {
  return fromCents(toCents(line.price) * line.quantity);
}

/**
 * A line already in the cart gets `quantity` more (one by default), a new one comes in with
 * `quantity`; a line holds at most `most` (what is left, when the merchant counts it) and never
 * more than MAX_QUANTITY. Only the shape's fields are kept; an item without an id, a name or a
 * price is refused (`saved: false`), and nothing is added of a pack with none left.
 */
export function addToCart(item: LineItem, quantity = 1, most = MAX_QUANTITY): { saved: boolean } {
  const added = parseItem(item);
  const more = Math.trunc(quantity);
  const cap = Math.min(MAX_QUANTITY, Math.trunc(most));
  if (!added || !(more >= 1)) return { saved: false };
  if (!(cap >= 1)) return { saved: true };
  const lines = cart.get();
  const found = lines.some((line) => sameLine(line, added));
  const next = found
    ? lines.map((line) =>
        sameLine(line, added) ? { ...line, quantity: Math.min(cap, line.quantity + more) } : line,
      )
    : [...lines, { ...added, quantity: Math.min(cap, more) }];
  return { saved: cart.save(next) };
}

/**
 * Sets the quantity of the line of `key`'s product and pack. A quantity of 0 or less removes the
 * line; above `most` (what is left, when counted) or MAX_QUANTITY it stays at the most; fractions
 * are cut to whole units, NaN is ignored.
 */
export function setQuantity(key: LineKey, quantity: number, most = MAX_QUANTITY): { saved: boolean } {
  const whole = Math.trunc(quantity);
  if (whole <= 0) return removeFromCart(key);
  if (!Number.isSafeInteger(whole)) return { saved: true };
  const lines = cart.get();
  if (!lines.some((line) => sameLine(line, key))) return { saved: true };
  const kept = Math.max(1, Math.min(MAX_QUANTITY, Math.trunc(most), whole));
  return {
    saved: cart.save(lines.map((line) => (sameLine(line, key) ? { ...line, quantity: kept } : line))),
  };
}

/**
 * Undoes a removal: puts `line` back at `position` as it was. If the shopper has added the same
 * product since, that line takes the removed quantity on top.
 */
export function restoreLine(line: CartLine, position: number): { saved: boolean } {
  const restored = parseLine(line);
  if (!restored) return { saved: false };
  const lines = cart.get();
  if (lines.some((entry) => sameLine(entry, restored))) return addToCart(restored, restored.quantity);
  const at = Math.min(Math.max(0, Math.trunc(position) || 0), lines.length);
  return { saved: cart.save([...lines.slice(0, at), restored, ...lines.slice(at)]) };
}

/** Removes the line of `key`'s product and pack. */
export function removeFromCart(key: LineKey): { saved: boolean } {
  const lines = cart.get();
  if (!lines.some((line) => sameLine(line, key))) return { saved: true };
  return { saved: cart.save(lines.filter((line) => !sameLine(line, key))) };
}

export function clearCart(): { saved: boolean } {
  return { saved: cart.save([]) };
}

/** A product and pack as the shop prices it today. */
export interface TodaysPrice extends LineKey {
  price: number;
  inStock: boolean;
  /** How many are left, when the shop counts the pack. */
  available?: number | undefined;
}

/** What repricing changed in one line, for the shopper to review. */
export type CartChange =
  | { id: string; name: string; change: 'price'; was: number; now: number }
  | { id: string; name: string; change: 'sold-out' }
  | { id: string; name: string; change: 'fewer-left'; left: number };

/**
 * Brings the cart to today's prices and stock: a sold-out line leaves the cart, a line asking for
 * more than is left is lowered to what is left, another line takes its price. Answers what
 * changed; lines the shop did not price stay as they are.
 */
export function applyTodaysPrices(today: readonly TodaysPrice[]): { changes: CartChange[]; saved: boolean } {
  const changes: CartChange[] = [];
  const next: CartLine[] = [];
  for (const line of cart.get()) {
    const current = today.find((priced) => sameLine(priced, line));
    if (current && !current.inStock) {
      changes.push({ id: line.id, name: line.name, change: 'sold-out' });
      continue;
    }
    if (current?.available !== undefined && current.available < line.quantity) {
      changes.push({ id: line.id, name: line.name, change: 'fewer-left', left: current.available });
      next.push({ ...line, quantity: current.available, price: current.price });
      continue;
    }
    if (current && toCents(current.price) !== toCents(line.price)) {
      changes.push({ id: line.id, name: line.name, change: 'price', was: line.price, now: current.price });
      next.push({ ...line, price: current.price });
      continue;
    }
    next.push(line);
  }
  return { changes, saved: changes.length === 0 || cart.save(next) };
}

/**
 * Empties the cart on screen only: an order that storage refused must not take the stored cart
 * with it.
 */
export function clearCartInMemory(): void {
  cart.set([]);
}

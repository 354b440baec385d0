// The discount code applied at checkout: checked by the shop, priced here by the shop's own rule.
import { atom } from 'nanostores';
import { discountCents, minimumShortfall, type DiscountTerms } from '#src/lib/discounts.ts';
import { fromCents, toCents } from '#src/lib/money.ts';
import { sessionEnded } from './authState.ts';
import { $cart } from './cart.ts';
import { $cartToday } from './productsToday.ts';
import { derived } from './persistent.ts';
import { amount, isRecord } from './shapes.ts';
import { askShop, messageOf } from './shop.ts';

const DISCOUNT_CHECK_API = '/api/v1/discounts/check';

const UNREACHABLE = "We couldn't reach the shop to check the code. Please try again.";

/** The code applied to this checkout, as the shop described it; none until one is applied. */
export const $discountTerms = atom<DiscountTerms | undefined>(undefined);

/** Why the last code was refused, by the check or by Place Order; none once the shopper types again. */
export const $discountRefusal = atom<string | undefined>(undefined);

/**
 * What the applied code does to the cart as it stands: the amount off and the total after it, or
 * why it no longer applies (the subtotal fell under its minimum). Amounts in currency units.
 */
export const $discount = derived([$discountTerms, $cartToday], (terms, { total }) => {
  if (!terms) return undefined;
  const subtotal = toCents(total);
  const short = minimumShortfall(terms, subtotal);
  const off = short ? 0 : discountCents(terms.off, subtotal);
  return { terms, amount: fromCents(off), total: fromCents(subtotal - off), ...(short ? { short } : {}) };
});

function readTerms(value: unknown): DiscountTerms | undefined {
  if (!isRecord(value) || typeof value.code !== 'string') return undefined;
  const minCents = toCents(amount(value.minSubtotal) ?? 0);
  const percent = value.percent;
  if (typeof percent === 'number' && Number.isInteger(percent) && percent >= 1 && percent <= 100) {
    return { code: value.code, off: { percent }, minCents };
  }
  const amountOff = amount(value.amountOff);
  return amountOff === undefined
    ? undefined
    : { code: value.code, off: { amountCents: toCents(amountOff) }, minCents };
}

/**
 * Asks the shop whether `typed` may be used on the cart (any letter case); applied when it may.
 * `signed-out` when the session has ended; otherwise the shop's reason, or that it was unreachable.
 */
export async function applyDiscountCode(
  typed: string,
): Promise<
  { ok: true; terms: DiscountTerms } | { ok: false; reason: 'signed-out' | 'refused'; message: string }
> {
  if (typed.trim() === '') return refused('Enter a discount code.');
  const items = $cart.get().map(({ productId, pack, quantity }) => ({ productId, pack, quantity }));
  const answer = await askShop(DISCOUNT_CHECK_API, { method: 'POST', json: { code: typed, items } });
  if (answer?.status === 401) {
    sessionEnded();
    return { ok: false, reason: 'signed-out', message: messageOf(answer, UNREACHABLE) };
  }
  const terms = answer?.status === 200 ? readTerms(answer.body.discount) : undefined;
  if (!terms) return refused(messageOf(answer, UNREACHABLE));
  $discountTerms.set(terms);
  $discountRefusal.set(undefined);
  return { ok: true, terms };
}

const refused = (message: string) => {
  $discountRefusal.set(message);
  return { ok: false, reason: 'refused', message } as const;
};

/** Takes the applied code off this checkout. */
export function removeDiscount(): void {
  $discountTerms.set(undefined);
  $discountRefusal.set(undefined);
}

/** Place Order found the code no longer usable: it comes off, saying why. */
export function refuseDiscount(message: string): void {
  $discountTerms.set(undefined);
  $discountRefusal.set(message);
}

/** The shopper types a new code: the last refusal is old news. */
export function forgetDiscountRefusal(): void {
  $discountRefusal.set(undefined);
}

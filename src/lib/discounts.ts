// A discount code's terms and what it takes off a subtotal: one rule, for checkout's summary and
// for the server that prices the order.
import { formatMoney, fromCents } from './money.ts';

/** What a code takes off: a share of the subtotal, or a fixed amount. */
export type DiscountOff = { percent: number } | { amountCents: number };

/** A code's terms as checkout learns them once the server has checked it. */
export interface DiscountTerms {
  /** The code as the merchant made it, in capitals. */
  code: string;
  off: DiscountOff;
  /** The subtotal it needs, in cents (0: none). */
  minCents: number;
}

/** A code as shoppers may type it: letters and digits, with "-" or "_" inside, 3 to 32 of them. */
const CODE_FORM = /^[A-Z0-9][A-Z0-9_-]{1,30}[A-Z0-9]$/;

/** The code in its one stored form (trimmed, in capitals); undefined when it cannot be a code. */
export function normaliseCode(typed: string): string | undefined {
  const code = typed.trim().toUpperCase();
  return CODE_FORM.test(code) ? code : undefined;
}

/**
 * What `off` takes off `subtotalCents`, in whole cents: a share rounded to the nearest cent, or the
 * fixed amount; never more than the subtotal, so a total is never negative.
 */
export function discountCents(off: DiscountOff, subtotalCents: number): number {
  const cents =
    'percent' in off ? Math.round((subtotalCents * off.percent) / 100) : Math.max(0, off.amountCents);
  return Math.min(Math.max(0, cents), Math.max(0, subtotalCents));
}

/** "10% off" or "$5.00 off". */
export function describeOff(off: DiscountOff): string {
  return 'percent' in off ? `${off.percent}% off` : `${formatMoney(fromCents(off.amountCents))} off`;
}

/** Why the subtotal does not qualify: "… needs a subtotal of $40.00: add $12.50 more." */
export function minimumShortfall(terms: DiscountTerms, subtotalCents: number): string | undefined {
  if (subtotalCents >= terms.minCents) return undefined;
  const money = (cents: number) => formatMoney(fromCents(cents));
  return `The code ${terms.code} needs a subtotal of ${money(terms.minCents)}: add ${money(terms.minCents - subtotalCents)} more.`;
}

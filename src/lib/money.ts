/** The shop's one currency. Change it here and every price follows. */
export const CURRENCY = 'USD';
const LOCALE = 'en-US';

const formatter = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Whole cents for an amount in currency units; rounds half away from zero, so 0.1 + 0.2 issues never leak into totals. */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  return Math.sign(amount) * Math.round(Math.abs(amount) * 100 + Number.EPSILON);
}

/** Currency units for whole cents. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** `$12.50` for 12.5: the shop's currency with two decimals. */
export function formatMoney(amount: number): string {
  return formatter.format(fromCents(toCents(amount)));
}

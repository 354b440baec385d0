/** The shop's one currency. Change it here and every price follows. */
export const CURRENCY = 'USD';
const LOCALE = 'en-US';

const formatter = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Whole cents for an amount in currency units, rounding half away from zero. Trimming to 15
 * significant digits first drops binary noise (1.005 * 100 is 100.49999999999999).
 */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  const cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
  return amount < 0 ? -cents : cents;
}

/** Currency units for whole cents. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** `$12.50` for 12.5: the shop's currency with two decimals. */
export function formatMoney(amount: number): string {
  return formatter.format(fromCents(toCents(amount)));
}

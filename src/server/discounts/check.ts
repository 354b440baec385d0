import { discountCents, minimumShortfall, normaliseCode, type DiscountTerms } from '#src/lib/discounts.ts';
import { formatLongDate } from '#src/lib/dates.ts';
import type { DiscountCode, Store } from '#src/server/store/types.ts';

/** A code that may be used on this order, and what it takes off; or why not, in the shopper's words. */
export type DiscountCheck =
  { ok: true; terms: DiscountTerms; cents: number } | { ok: false; message: string };

const day = (iso: string) => formatLongDate(new Date(iso), 'UTC');

/** The terms checkout shows and prices with. */
const termsOf = (code: DiscountCode): DiscountTerms => ({
  code: code.code,
  off: code.off,
  minCents: code.minCents,
});

/**
 * Whether `typed` (any letter case) takes something off an order of `subtotalCents` by the
 * account, at `now`: unknown or disabled, not started, ended, minimum not met (by how much), used
 * up, already used by this account each say so. The use itself is counted with the order.
 */
export async function checkDiscount(
  store: Pick<Store, 'findDiscountCode' | 'discountUsesBy'>,
  typed: string,
  { accountId, subtotalCents, now = new Date() }: { accountId: string; subtotalCents: number; now?: Date },
): Promise<DiscountCheck> {
  const normal = normaliseCode(typed);
  const shown = typed.trim().toUpperCase().slice(0, 40);
  const found = normal ? await store.findDiscountCode(normal) : undefined;
  if (!found || found.disabledAt) {
    return { ok: false, message: `There is no discount code ${shown || '""'}: check how it is spelt.` };
  }
  const { code } = found;
  if (found.startsAt && Date.parse(found.startsAt) > now.getTime()) {
    return { ok: false, message: `The code ${code} can be used from ${day(found.startsAt)}.` };
  }
  if (found.endsAt && Date.parse(found.endsAt) <= now.getTime()) {
    // Kept as the moment it ends: the day before that midnight is the last it could be used.
    const last = new Date(Date.parse(found.endsAt) - 1).toISOString();
    return { ok: false, message: `The code ${code} ended on ${day(last)}.` };
  }
  const short = minimumShortfall(termsOf(found), subtotalCents);
  if (short) return { ok: false, message: short };
  if (found.maxUses !== undefined && found.used >= found.maxUses) return { ok: false, message: usedUp(code) };
  if (found.perAccount !== undefined) {
    const mine = await store.discountUsesBy(code, accountId);
    if (mine >= found.perAccount) return { ok: false, message: usedByAccount(code, found.perAccount) };
  }
  return { ok: true, terms: termsOf(found), cents: discountCents(found.off, subtotalCents) };
}

export const usedUp = (code: string) =>
  `The code ${code} has been used as often as it allows: it is used up.`;

export const usedByAccount = (code: string, times = 1) =>
  times === 1
    ? `You have already used the code ${code}: it is one use per customer.`
    : `You have already used the code ${code} ${times} times, as often as it allows per customer.`;

// Making, listing and disabling discount codes: what `npm run discounts` and the back office share.
import { describeOff, normaliseCode } from '#src/lib/discounts.ts';
import { formatMoney, fromCents, toCents } from '#src/lib/money.ts';
import type { DiscountCode, MerchantActor, NewDiscountCode, Store } from '#src/server/store/types.ts';

/** A new code as the merchant types it: every field text, empty when not given. */
export interface CodeFields {
  code: string;
  percent?: string | undefined;
  amount?: string | undefined;
  min?: string | undefined;
  starts?: string | undefined;
  ends?: string | undefined;
  uses?: string | undefined;
  perAccount?: string | undefined;
}

type Read<T> = { ok: true; value: T } | { ok: false; message: string };

const given = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** A whole number from 1 (to `max`), or why not. */
function wholeNumber(label: string, value: string, max = 1_000_000_000): Read<number> {
  const number = Number(value.trim());
  return /^\d+$/.test(value.trim()) && number >= 1 && number <= max
    ? { ok: true, value: number }
    : { ok: false, message: `${label} must be a whole number from 1 to ${max.toLocaleString('en-US')}.` };
}

/** An amount of money above 0, in cents, or why not. */
function money(label: string, value: string): Read<number> {
  const cents = toCents(Number(value.trim()));
  return /^\d+(\.\d{1,2})?$/.test(value.trim()) && cents > 0 && cents <= 100_000_00
    ? { ok: true, value: cents }
    : { ok: false, message: `${label} must be an amount such as 5 or 4.50.` };
}

/** A day (`2027-01-31`, from its start in UTC) or a moment in ISO 8601, as ISO 8601 in UTC. */
function moment(label: string, value: string, endOfDay: boolean): Read<string> {
  const text = value.trim();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const time = Date.parse(day ? `${text}T00:00:00Z` : text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(time)) {
    return { ok: false, message: `${label} must be a date such as 2027-01-31.` };
  }
  // A code that ends on a day can still be used all that day.
  return { ok: true, value: new Date(day && endOfDay ? time + 86_400_000 : time).toISOString() };
}

/** The new code the fields describe, or what is wrong with them, in the merchant's words. */
export function readNewCode(fields: CodeFields): Read<NewDiscountCode> {
  const code = normaliseCode(fields.code);
  if (!code) {
    return {
      ok: false,
      message: 'A code is 3 to 32 letters and digits ("-" and "_" inside allowed), such as SPRING10.',
    };
  }
  if (given(fields.percent) === given(fields.amount)) {
    return {
      ok: false,
      message: 'Give either a percent or an amount off, not both.',
    };
  }
  const off = given(fields.percent)
    ? wholeNumber('Percent', fields.percent, 100)
    : money('Amount', fields.amount ?? '');
  if (!off.ok) return off;
  const read: NewDiscountCode = {
    code,
    off: given(fields.percent) ? { percent: off.value } : { amountCents: off.value },
    minCents: 0,
  };
  if (given(fields.min)) {
    const min = money('Minimum subtotal', fields.min);
    if (!min.ok) return min;
    read.minCents = min.value;
  }
  if (given(fields.starts)) {
    const starts = moment('Start', fields.starts, false);
    if (!starts.ok) return starts;
    read.startsAt = starts.value;
  }
  if (given(fields.ends)) {
    const ends = moment('End', fields.ends, true);
    if (!ends.ok) return ends;
    read.endsAt = ends.value;
  }
  if (read.startsAt && read.endsAt && read.endsAt <= read.startsAt) {
    return { ok: false, message: 'The code must end after it starts.' };
  }
  if (given(fields.uses)) {
    const uses = wholeNumber('Uses', fields.uses);
    if (!uses.ok) return uses;
    read.maxUses = uses.value;
  }
  if (given(fields.perAccount)) {
    const perAccount = wholeNumber('Uses per customer', fields.perAccount);
    if (!perAccount.ok) return perAccount;
    read.perAccount = perAccount.value;
  }
  return { ok: true, value: read };
}

type Done = { ok: true; message: string } | { ok: false; message: string };

/** Adds the code the fields describe, recorded as `by`'s; what was done, or why not. */
export async function addCode(
  store: Pick<Store, 'addDiscountCode' | 'recordMerchantAction'>,
  fields: CodeFields,
  by: MerchantActor,
): Promise<Done> {
  const read = readNewCode(fields);
  if (!read.ok) return read;
  const code = read.value;
  if (!(await store.addDiscountCode(code))) {
    return { ok: false, message: `There is a code ${code.code} already: choose another.` };
  }
  const terms = describeCode(code);
  await store.recordMerchantAction({
    accountId: by.accountId,
    actor: by.name,
    action: 'add discount',
    target: `discount:${code.code}`,
    before: 'none',
    after: terms,
  });
  return { ok: true, message: `Added ${code.code}: ${terms}.` };
}

const cents = (value: number) => formatMoney(fromCents(value));
const day = (iso: string) => iso.slice(0, 10);

/** "10% off, over $40.00, 2027-01-01 to 2027-01-31, 3 of 100 used, 1 per customer". */
export function describeCode(code: DiscountCode | NewDiscountCode): string {
  const parts = [describeOff(code.off)];
  if (code.minCents > 0) parts.push(`subtotal at least ${cents(code.minCents)}`);
  // An end kept as the next midnight is shown as the last day it can be used.
  const last = code.endsAt && day(new Date(Date.parse(code.endsAt) - 1).toISOString());
  const span = [code.startsAt && `from ${day(code.startsAt)}`, last && `until ${last}`].filter(Boolean);
  if (span.length > 0) parts.push(span.join(' '));
  const used = 'used' in code ? code.used : 0;
  parts.push(code.maxUses === undefined ? `${used} used` : `${used} of ${code.maxUses} used`);
  if (code.perAccount !== undefined) parts.push(`${code.perAccount} per customer`);
  return parts.join(', ');
}

/** Whether shoppers can use the code at `now`: "live", "disabled", "not started", "ended" or "used up". */
export function codeState(code: DiscountCode, now = Date.now()): string {
  if (code.disabledAt) return 'disabled';
  if (code.startsAt && Date.parse(code.startsAt) > now) return 'not started';
  if (code.endsAt && Date.parse(code.endsAt) <= now) return 'ended';
  if (code.maxUses !== undefined && code.used >= code.maxUses) return 'used up';
  return 'live';
}

/** Disables a code (any case), recorded as `by`'s; what was done, or why not. */
export async function disableCode(
  store: Pick<Store, 'disableDiscountCode' | 'findDiscountCode' | 'recordMerchantAction'>,
  typed: string,
  by: MerchantActor,
): Promise<Done> {
  const code = normaliseCode(typed);
  const found = code ? await store.findDiscountCode(code) : undefined;
  if (!code || !found) return { ok: false, message: `There is no code ${typed.trim().toUpperCase()}.` };
  if (!(await store.disableDiscountCode(code))) {
    return { ok: false, message: `The code ${code} was disabled already.` };
  }
  await store.recordMerchantAction({
    accountId: by.accountId,
    actor: by.name,
    action: 'disable discount',
    target: `discount:${code}`,
    before: codeState(found),
    after: 'disabled',
  });
  return { ok: true, message: `${code} is disabled: shoppers can no longer use it.` };
}

// Pure: a page whose scripts never write a month and year drops it (checkout, tracking).
const monthYear = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * "October 2025" for a calendar date. Front-matter dates are midnight UTC, so the month is read
 * in UTC: in a timezone west of Greenwich the local reading would fall in the previous month.
 */
export function formatMonthYear(date: Date): string {
  return monthYear.format(date);
}

/**
 * A formatter for each named time zone, made once: the server writes every order's day in UTC, and
 * `toLocaleDateString` makes a new formatter on each call (0.1 ms, 2 ms for a page of orders).
 * The reader's own zone is left to `toLocaleDateString`, which follows it if it changes.
 */
const longDateIn = new Map<string, Intl.DateTimeFormat>();

/**
 * "May 14, 2026", the way the shop writes a day: in the reader's own time zone unless `timeZone`
 * is given (the server and the static pages write UTC; the browser shows the shopper's day).
 */
export function formatLongDate(date: Date, timeZone?: string): string {
  if (!timeZone) return date.toLocaleDateString('en-US', { dateStyle: 'long' });
  let format = longDateIn.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone });
    longDateIn.set(timeZone, format);
  }
  return format.format(date);
}

/** `2025-10-01`, the form a `<time datetime>` attribute takes. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `days` business days (Monday to Friday) after `date`, at the same time of day. */
function addBusinessDays(date: Date, days: number): Date {
  const next = new Date(date);
  let left = days;
  while (left > 0) {
    next.setDate(next.getDate() + 1);
    const weekday = next.getDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return next;
}

/**
 * When an order placed at `placedAt` arrives, counted from the order's date (never from today) in
 * business days: it leaves us in 1 to 2 and arrives 3 to 5 later within the shop's own country,
 * 7 to 14 later `abroad` (`isDomestic` in ./countries.ts tells), as the shipping page says
 * (src/content/pages/shipping.md; tests/unit/delivery.test.ts holds the two to one answer).
 */
export function deliveryWindow(placedAt: Date, abroad: boolean): { from: Date; to: Date } {
  const [soonest, latest] = abroad ? [1 + 7, 2 + 14] : [1 + 3, 2 + 5];
  return { from: addBusinessDays(placedAt, soonest), to: addBusinessDays(placedAt, latest) };
}

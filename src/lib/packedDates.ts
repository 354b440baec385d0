// How a lot's packing date is written: "Mar 2026" on a catalogue card, "12 Mar 2026" on a product
// page and an order's line. Apart from ./dates.ts, so that pages whose scripts write other days
// (checkout, tracking) do not carry the cards' formatter.

const shortMonth = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/** "Mar 2026" for a calendar date (read in UTC, as front-matter dates are). */
export function formatShortMonthYear(date: Date): string {
  return `${shortMonth.format(date)} ${date.getUTCFullYear()}`;
}

/** "12 Mar 2026" for a calendar date (read in UTC). */
export function formatDayMonthYear(date: Date): string {
  return `${date.getUTCDate()} ${formatShortMonthYear(date)}`;
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * "October 2025" for a calendar date. Front-matter dates are midnight UTC, so the month is read
 * in UTC: in a timezone west of Greenwich the local reading would fall in the previous month.
 */
export function formatMonthYear(date: Date): string {
  return monthYear.format(date);
}

/** `2025-10-01`, the form a `<time datetime>` attribute takes. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

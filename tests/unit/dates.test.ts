import { describe, expect, it } from 'vitest';
import { formatLongDate, formatMonthYear, isoDate } from '#src/lib/dates.ts';
import { formatDayMonthYear, formatShortMonthYear } from '#src/lib/packedDates.ts';

describe('dates', () => {
  it('names the month and year of a front-matter date', () => {
    expect(formatMonthYear(new Date('2025-10-01'))).toBe('October 2025');
  });

  it('reads the month in UTC, where front-matter dates sit, not in the local timezone', () => {
    expect(formatMonthYear(new Date('2025-10-31T23:30:00-08:00'))).toBe('November 2025');
    expect(isoDate(new Date('2025-10-31T23:30:00-08:00'))).toBe('2025-11-01');
  });

  it('writes a day as the shop does, in UTC when told, else in the local time zone', () => {
    expect(formatLongDate(new Date('2026-05-14T12:00:00Z'), 'UTC')).toBe('May 14, 2026');
    expect(formatLongDate(new Date('2026-05-14T23:30:00-08:00'), 'UTC')).toBe('May 15, 2026');
    expect(formatLongDate(new Date(2026, 4, 14, 23, 30))).toBe('May 14, 2026');
  });

  it('writes a packing date short, read in UTC', () => {
    expect(formatShortMonthYear(new Date('2026-03-12'))).toBe('Mar 2026');
    expect(formatDayMonthYear(new Date('2026-03-12'))).toBe('12 Mar 2026');
  });
});

import { describe, expect, it } from 'vitest';
import { formatMonthYear, isoDate } from '../../src/lib/dates';
import { mailtoHref } from '../../src/lib/mailto';

describe('mailtoHref', () => {
  it('puts the subject into the link, encoded', () => {
    expect(mailtoHref('careers@example.com', 'Application: Senior Food Scientist')).toBe(
      'mailto:careers@example.com?subject=Application%3A%20Senior%20Food%20Scientist',
    );
  });

  it('keeps characters that would end the subject or start a new field inside it', () => {
    const href = mailtoHref('a@example.com', 'R&D lead? cc=x#1');
    expect(new URL(href).searchParams.get('subject')).toBe('R&D lead? cc=x#1');
    expect(new URL(href).searchParams.has('cc')).toBe(false);
  });
});

describe('dates', () => {
  it('names the month and year of a front-matter date', () => {
    expect(formatMonthYear(new Date('2025-10-01'))).toBe('October 2025');
  });

  it('reads the month in UTC, where front-matter dates sit, not in the local timezone', () => {
    expect(formatMonthYear(new Date('2025-10-31T23:30:00-08:00'))).toBe('November 2025');
    expect(isoDate(new Date('2025-10-31T23:30:00-08:00'))).toBe('2025-11-01');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOME_COUNTRY, isDomestic } from '#src/lib/countries.ts';
import { deliveryWindow } from '#src/lib/dates.ts';

/** What the shipping page (the editors' Markdown) and the FAQ promise. */
const shipping = readFileSync('src/content/pages/shipping.md', 'utf8');
const faq = readFileSync('src/content/faq/shipping-times.md', 'utf8');

/** The business days a line of the page gives, as [fewest, most]. */
function days(text: string | undefined): [number, number] {
  const found = /(\d+)-(\d+) business days/.exec(text ?? '');
  if (!found) throw new Error(`no business days in ${text}`);
  return [Number(found[1]), Number(found[2])];
}

const leaves = days(/Orders are processed in [^.]+\./.exec(shipping)?.[0]);
const row = (destination: string) =>
  days(shipping.split('\n').find((line) => line.startsWith(`| ${destination} |`)));

/** `count` business days after `date`, counted here apart from the shop's own code. */
function businessDaysAfter(date: Date, count: number): Date {
  const next = new Date(date);
  for (let left = count; left > 0;) {
    next.setDate(next.getDate() + 1);
    if (next.getDay() % 6 !== 0) left -= 1;
  }
  return next;
}

describe('the delivery window', () => {
  it('is what the shipping page promises, at home and abroad, from any day of the week', () => {
    expect(leaves).toEqual([1, 2]);
    for (const [abroad, destination] of [
      [false, HOME_COUNTRY],
      [true, 'Other countries'],
    ] as const) {
      const [soonest, latest] = row(destination);
      for (let day = 1; day <= 7; day += 1) {
        const placed = new Date(2026, 11, day, 12);
        expect(deliveryWindow(placed, abroad), `${destination}, December ${day}`).toEqual({
          from: businessDaysAfter(placed, leaves[0] + soonest),
          to: businessDaysAfter(placed, leaves[1] + latest),
        });
      }
    }
    // The FAQ says the same.
    expect(faq).toContain(`${row(HOME_COUNTRY).join('-')} business days within the ${HOME_COUNTRY}`);
    expect(faq).toContain(`${row('Other countries').join('-')} business days to other countries`);
  });

  it('counts business days from the order: 4 to 7 at home, 8 to 16 abroad', () => {
    // Friday 4 December 2026: the weekends in between do not count.
    const placed = new Date(2026, 11, 4, 12);
    const home = deliveryWindow(placed, false);
    expect([home.from.getDate(), home.to.getDate()]).toEqual([10, 15]);
    const abroad = deliveryWindow(placed, true);
    expect([abroad.from.getDate(), abroad.to.getDate()]).toEqual([16, 28]);
  });

  it('keeps the home window for an order that kept no country, as those were promised it', () => {
    expect(isDomestic('')).toBe(true);
    expect(isDomestic(HOME_COUNTRY)).toBe(true);
    expect(isDomestic('Canada')).toBe(false);
  });
});

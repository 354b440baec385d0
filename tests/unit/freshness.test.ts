import { describe, expect, it } from 'vitest';
import { freshness, shelfLifeOf } from '#src/lib/freshness.ts';

/** The shopper's calendar day (local time, as the browser's clock gives it). */
const on = (year: number, month: number, day: number) => new Date(year, month - 1, day, 15, 30);

describe('how long a product keeps its best', () => {
  it('goes by kind: whole spices and seeds 24 months, powders and blends 6, herbs 12', () => {
    expect(shelfLifeOf({ variety: 'Spices' })).toBe(24);
    expect(shelfLifeOf({ variety: 'Seeds' })).toBe(24);
    expect(shelfLifeOf({ variety: 'Powders' })).toBe(6);
    expect(shelfLifeOf({ variety: 'Blends' })).toBe(6);
    expect(shelfLifeOf({ variety: 'Herbs' })).toBe(12);
  });

  it("takes the product's own shelf life over its kind's", () => {
    expect(shelfLifeOf({ variety: 'Powders', shelfLifeMonths: 9 })).toBe(9);
    expect(shelfLifeOf({ variety: 'Powders', shelfLifeMonths: undefined })).toBe(6);
  });
});

describe('the freshness gauge', () => {
  it('is full and fresh on the day the lot was packed', () => {
    expect(freshness('2026-03-12', 24, on(2026, 3, 12))).toEqual({
      months: 0,
      left: 1,
      state: 'fresh',
      text: 'Packed today · best within 24 months',
    });
  });

  it('counts whole calendar months since packing', () => {
    expect(freshness('2026-03-12', 24, on(2026, 4, 11))?.text).toBe(
      'Packed less than a month ago · best within 24 months',
    );
    expect(freshness('2026-03-12', 24, on(2026, 4, 12))?.text).toBe(
      'Packed 1 month ago · best within 24 months',
    );
    expect(freshness('2026-03-12', 24, on(2026, 6, 20))).toMatchObject({
      months: 3,
      state: 'fresh',
      text: 'Packed 3 months ago · best within 24 months',
    });
  });

  it('asks to use it soon in the last quarter of its shelf life', () => {
    expect(freshness('2026-03-12', 6, on(2026, 7, 20))?.state).toBe('fresh');
    expect(freshness('2026-03-12', 6, on(2026, 8, 20))).toMatchObject({
      months: 5,
      state: 'use-soon',
      text: 'Packed 5 months ago · best within 6 months: use it soon',
    });
  });

  it('is empty but not yet past its best on the day it reaches its shelf life', () => {
    expect(freshness('2024-03-12', 24, on(2026, 3, 12))).toEqual({
      months: 24,
      left: 0,
      state: 'use-soon',
      text: 'Packed 24 months ago · best within 24 months: use it soon',
    });
  });

  it('says it is past its best from the next day on', () => {
    expect(freshness('2024-03-12', 24, on(2026, 3, 13))).toEqual({
      months: 24,
      left: 0,
      state: 'past-best',
      text: 'Past its best: packed 24 months ago, best within 24 months',
    });
    expect(freshness('2025-01-05', 6, on(2026, 11, 26))).toMatchObject({
      months: 22,
      left: 0,
      state: 'past-best',
    });
  });

  it('reads a packing date after today (a clock behind) as packed today', () => {
    expect(freshness('2026-03-12', 12, on(2026, 3, 1))).toMatchObject({ months: 0, left: 1, state: 'fresh' });
  });

  it('has nothing to say without a lot', () => {
    expect(freshness(undefined, 24, on(2026, 3, 12))).toBeUndefined();
    expect(freshness('', 24, on(2026, 3, 12))).toBeUndefined();
    expect(freshness('not a date', 24, on(2026, 3, 12))).toBeUndefined();
  });
});

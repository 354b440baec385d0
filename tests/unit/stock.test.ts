import { describe, expect, it } from 'vitest';
import { anyInStock, availability, lineWarning, parseStockCounts, stockNote } from '../../src/lib/stock.ts';

const COUNTS = parseStockCounts({ saffron: { '1 g': 3, '5 g': 0, '10 g': 40 } });

describe('live stock on the page', () => {
  it('follows the count of a counted pack and the Markdown of an uncounted one', () => {
    expect(availability(COUNTS, 'saffron', '1 g', false)).toEqual({ inStock: true, left: 3 });
    expect(availability(COUNTS, 'saffron', '5 g', true)).toEqual({ inStock: false, left: 0 });
    expect(availability(COUNTS, 'cumin', '100 g', true)).toEqual({ inStock: true });
    expect(availability(COUNTS, 'cumin', '100 g', false)).toEqual({ inStock: false });
    expect(anyInStock(COUNTS, 'saffron', ['5 g'], true)).toBe(false);
    expect(anyInStock(COUNTS, 'saffron', ['5 g', '10 g'], false)).toBe(true);
  });

  it('says Sold out at 0, "Only N left" at 5 or fewer, and nothing otherwise', () => {
    expect(stockNote({ inStock: false, left: 0 })).toBe('Sold out');
    expect(stockNote({ inStock: false })).toBe('Sold out');
    expect(stockNote({ inStock: true, left: 5 })).toBe('Only 5 left');
    expect(stockNote({ inStock: true, left: 6 })).toBe('');
    expect(stockNote({ inStock: true })).toBe('');
  });

  it('warns about a cart line whose pack sold out or has fewer left than it holds', () => {
    expect(lineWarning(COUNTS, 'saffron', '5 g', 1)).toBe('Sold out since you added it');
    expect(lineWarning(COUNTS, 'saffron', '1 g', 4)).toBe('Only 3 left');
    expect(lineWarning(COUNTS, 'saffron', '1 g', 3)).toBe('');
    expect(lineWarning(COUNTS, 'cumin', '100 g', 99)).toBe('');
  });

  it('keeps only whole counts from 0 of a live answer', () => {
    expect(parseStockCounts({ a: { x: 2, y: -1, z: 1.5, w: '3' }, b: 'no', c: null })).toEqual({
      a: { x: 2 },
    });
    expect(parseStockCounts(undefined)).toEqual({});
    expect(parseStockCounts([1, 2])).toEqual({});
  });
});

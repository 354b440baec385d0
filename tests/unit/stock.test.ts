import { describe, expect, it, vi } from 'vitest';
import { cardPack } from '#src/lib/packPrices.ts';
import { mostNote, mostOf } from '#src/lib/stockLimit.ts';
import {
  availability,
  cardNote,
  firstBuyable,
  lineWarning,
  packStates,
  stockNote,
  type StockCounts,
} from '#src/lib/stock.ts';
import type { CatalogueItem } from '#src/lib/catalogueIndex.ts';
import { stockCountsOf } from '#src/server/stock/api.ts';
import { pageStockCounts } from '#src/server/stock/pageCounts.ts';
import { withLiveAvailability } from '#src/server/stock/availability.ts';
import type { StockLevel } from '#src/server/store/types.ts';

const COUNTS: StockCounts = { saffron: { '1 g': 3, '5 g': 0, '10 g': 40 } };

describe('live stock on the page', () => {
  it('follows the count of a counted pack and the Markdown of an uncounted one', () => {
    expect(availability(COUNTS, 'saffron', '1 g', false)).toEqual({ inStock: true, left: 3 });
    expect(availability(COUNTS, 'saffron', '5 g', true)).toEqual({ inStock: false, left: 0 });
    expect(availability(COUNTS, 'cumin', '100 g', true)).toEqual({ inStock: true });
    expect(availability(COUNTS, 'cumin', '100 g', false)).toEqual({ inStock: false });
  });

  it('says Sold out at 0, "Only N left" at 5 or fewer, and nothing otherwise', () => {
    expect(stockNote({ inStock: false, left: 0 })).toBe('Sold out');
    expect(stockNote({ inStock: false })).toBe('Sold out');
    expect(stockNote({ inStock: true, left: 5 })).toBe('Only 5 left');
    expect(stockNote({ inStock: true, left: 6 })).toBe('');
    expect(stockNote({ inStock: true })).toBe('');
  });

  it('warns about a cart line whose pack sold out or has fewer left than it holds', () => {
    const line = (pack: string) => availability(COUNTS, 'saffron', pack, true);
    expect(lineWarning(line('5 g'), 1)).toBe('Sold out since you added it');
    expect(lineWarning(line('1 g'), 4)).toBe('Only 3 left');
    expect(lineWarning(line('1 g'), 3)).toBe('');
    expect(lineWarning(availability(COUNTS, 'cumin', '100 g', true), 99)).toBe('');
  });

  it("reads a product page's counts for its own product, and none when the database cannot answer", async () => {
    const asked: (readonly string[] | undefined)[] = [];
    const store = {
      stockLevels: (ids?: readonly string[]) => {
        asked.push(ids);
        return Promise.resolve<StockLevel[]>([{ productId: 'saffron', pack: '5 g', count: 0 }]);
      },
    };
    expect(await pageStockCounts(store, 'saffron')).toEqual({ saffron: { '5 g': 0 } });
    expect(asked).toEqual([['saffron']]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const down = { stockLevels: () => Promise.reject(new Error('database is locked')) };
    expect(await pageStockCounts(down, 'saffron')).toEqual({});
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('database is locked'));
    warn.mockRestore();
  });

  it('reads a count that is not a number as not counted', () => {
    const odd = { a: { x: '3' }, b: 'no' } as unknown as StockCounts;
    expect(availability(odd, 'a', 'x', true)).toEqual({ inStock: true });
    expect(availability(odd, 'b', 'x', false)).toEqual({ inStock: false });
  });
});

describe('stock per pack', () => {
  const counts: StockCounts = { cumin: { '50 g': 0, '100 g': 3 }, mace: { '25 g': 0, '50 g': 0 } };
  const PACKS = ['50 g', '100 g', '250 g'];

  it('opens a product page on the first pack that sells, else the first', () => {
    expect(firstBuyable(packStates(counts, 'cumin', PACKS, true))).toBe(1);
    expect(firstBuyable(packStates(counts, 'cumin', PACKS, false))).toBe(1);
    expect(firstBuyable(packStates(counts, 'mace', ['25 g', '50 g'], true))).toBe(0);
    expect(firstBuyable(packStates({}, 'anise', PACKS, true))).toBe(0);
  });

  it('has a card say which packs are sold out, "Sold out" when all are, else its priced pack\'s stock', () => {
    expect(cardNote(counts, 'cumin', ['100 g', '50 g', '250 g'], true)).toBe('50 g sold out');
    expect(cardNote(counts, 'cumin', ['100 g', '50 g', '250 g'], false)).toBe('50 g, 250 g sold out');
    expect(cardNote(counts, 'mace', ['25 g', '50 g'], true)).toBe('Sold out');
    expect(cardNote(counts, 'cumin', ['100 g', '250 g'], true)).toBe('Only 3 left');
    expect(cardNote({}, 'anise', PACKS, true)).toBe('');
  });

  it('prices a card at its cheapest pack that sells, offers counted, else its cheapest', () => {
    const packs = [
      { label: '50 g', grams: 50, price: 6 },
      { label: '100 g', grams: 100, price: 12, offerPrice: 5 },
      { label: '250 g', grams: 250, price: 20 },
    ];
    expect(cardPack(packs, () => true)?.label).toBe('100 g');
    expect(cardPack(packs, (index) => index !== 1)?.label).toBe('50 g');
    expect(cardPack(packs, (index) => index === 2)?.label).toBe('250 g');
    expect(cardPack(packs, () => false)?.label).toBe('100 g');
  });

  it('stops a quantity at the count, and says so there', () => {
    expect(mostOf(undefined)).toBe(99);
    expect(mostOf(2)).toBe(2);
    expect(mostOf(500)).toBe(99);
    expect(mostNote(2, 2)).toBe('2 is the most we have');
    expect(mostNote(1, 2)).toBe('');
    expect(mostNote(5, undefined)).toBe('');
    expect(mostNote(1, 0)).toBe('');
  });
});

describe("the catalogue's index with live stock", () => {
  const products = [
    // Sold out in its Markdown, but the merchant has counted 10 of one pack.
    {
      _id: 'cinnamon',
      title: 'Cinnamon',
      inStock: false,
      netQuantities: [
        { label: '50 g', grams: 50, price: 6 },
        { label: '100 g', grams: 100, price: 10 },
      ],
    },
    // In stock in its Markdown, every pack counted to 0.
    {
      _id: 'amchur',
      title: 'Amchur',
      inStock: true,
      netQuantities: [
        { label: '100 g', grams: 100, price: 4 },
        { label: '250 g', grams: 250, price: 9 },
      ],
    },
    // In stock in its Markdown, one pack counted to 0, the other never counted.
    {
      _id: 'cumin',
      title: 'Cumin',
      inStock: true,
      netQuantities: [
        { label: '50 g', grams: 50, price: 3, offerPrice: 2.4 },
        { label: '100 g', grams: 100, price: 5 },
      ],
    },
  ];
  const levels: StockLevel[] = [
    { productId: 'cinnamon', pack: '50 g', count: 10 },
    { productId: 'amchur', pack: '100 g', count: 0 },
    { productId: 'amchur', pack: '250 g', count: 0 },
    { productId: 'cumin', pack: '50 g', count: 0 },
  ];

  it('says which products have a pack to sell, and prices the cheapest that does, by the counts, keeping their Markdown inStock', () => {
    const index = products.map(({ _id, inStock }) => ({ id: _id, title: _id, inStock }) as CatalogueItem);
    const byId = new Map(products.map((product) => [product._id, product]));
    expect(withLiveAvailability(index, byId, stockCountsOf(levels))).toEqual([
      // Only the counted pack sells.
      {
        id: 'cinnamon',
        title: 'cinnamon',
        inStock: false,
        available: true,
        pack: products[0]?.netQuantities[0],
      },
      // None sells: the cheapest of all.
      { id: 'amchur', title: 'amchur', inStock: true, available: false, pack: products[1]?.netQuantities[0] },
      // The cheaper pack (on offer) is sold out: the next one.
      { id: 'cumin', title: 'cumin', inStock: true, available: true, pack: products[2]?.netQuantities[1] },
    ]);
  });

  it('follows the Markdown without counts, as while the database cannot answer', () => {
    const index = products.map(({ _id, inStock }) => ({ id: _id, title: _id, inStock }) as CatalogueItem);
    const byId = new Map(products.map((product) => [product._id, product]));
    expect(withLiveAvailability(index, byId, {}).map(({ id, available }) => [id, available])).toEqual([
      ['cinnamon', false],
      ['amchur', true],
      ['cumin', true],
    ]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { readCatalogueIndex } from '#src/lib/catalogueIndex.ts';
import { createFetcherStore, retryDelay } from '#src/stores/query.ts';

describe('the data client policy', () => {
  it('retries three times, doubling the delay from one second', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([1_000, 2_000, 4_000, false]);
  });

  it('never waits longer than 30 seconds between attempts', () => {
    for (let count = 1; count <= 3; count += 1) {
      expect(retryDelay(count)).toBeLessThanOrEqual(30_000);
    }
  });

  it('keeps unused results five minutes', async () => {
    vi.useFakeTimers();
    try {
      let fetched = 0;
      const $answer = createFetcherStore<number>(['/kept-five-minutes'], {
        fetcher: () => Promise.resolve((fetched += 1)),
        dedupeTime: 0,
      });
      /** What a new subscriber sees at once, `minutes` after the last answer came. */
      const seenAfter = async (minutes: number) => {
        await vi.advanceTimersByTimeAsync(minutes * 60_000);
        const stop = $answer.listen(() => {});
        const seen = $answer.get().data;
        await vi.advanceTimersByTimeAsync(0);
        stop();
        return seen;
      };
      expect(await seenAfter(0)).toBeUndefined();
      expect(await seenAfter(4.9)).toBe(1);
      expect(await seenAfter(5.1)).toBeUndefined();
      expect(fetched).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

const CARD = {
  id: 'ajwain',
  title: 'Ajwain',
  variety: 'Seeds',
  pack: { label: '100 g', grams: 100, price: 3 },
  image: {
    src: '/_astro/ajwain.webp',
    srcset: '/_astro/ajwain.webp 320w',
    width: 640,
    height: 640,
    alt: 'A tin',
  },
};

describe("reading the catalogue's index", () => {
  it('keeps what a card shows and what search reads, with defaults for the rest', () => {
    expect(readCatalogueIndex({ success: true, products: [{ ...CARD, aliases: ['carom', 3] }] })).toEqual({
      success: true,
      products: [
        {
          ...CARD,
          origin: '',
          aliases: ['carom'],
          ingredients: [],
          tags: [],
          inStock: true,
          featured: false,
          bestSeller: false,
          added: '',
          packs: ['100 g'],
          thumb: '/_astro/ajwain.webp',
        },
      ],
      recipes: [],
    });
  });

  it('treats an answer without success as a failure', () => {
    expect(readCatalogueIndex({ success: false, message: 'down' })).toEqual({
      success: false,
      products: [],
      recipes: [],
    });
    expect(readCatalogueIndex({ products: [] }).success).toBe(false);
  });

  it('drops entries that lack what a card needs', () => {
    const answer = {
      success: true,
      products: [null, 7, { id: 'x' }, { ...CARD, variety: 'Candy' }, { ...CARD, pack: { label: '1 g' } }],
    };
    expect(readCatalogueIndex(answer)).toEqual({ success: true, products: [], recipes: [] });
  });

  it('never throws, whatever the server sends', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        expect(() => readCatalogueIndex(json)).not.toThrow();
      }),
    );
  });
});

import { describe, expect, it, vi } from 'vitest';
import { publishedReview } from '#src/server/reviews/api.ts';
import type { ReviewWithAuthor } from '#src/server/store/types.ts';
import { ratingLabel, ratingSummary, reviewProblems, reviewerName, starsText } from '#src/lib/reviews.ts';
import type { CatalogueItem } from '#src/lib/catalogueIndex.ts';
import { ALL_OF_CATALOGUE } from '#src/lib/catalogueQuery.ts';
import { findProducts } from '#src/lib/search.ts';
import { summariesOf } from '#src/server/reviews/api.ts';
import { sendReview, type OwnReview } from '#src/stores/reviews.ts';
import { SHOPPER } from '../support/shopData.ts';
import { installBrowser } from './stores/browser.ts';

const DRAFT = { rating: 4, title: 'Warm and sweet', text: 'Lovely in chai.' };
const MINE: OwnReview = { ...DRAFT, state: 'pending', date: '2026-11-26' };

describe('who may review', () => {
  /** What the product page's review box offers, when the shop answers `status` with `body`. */
  async function accessWhen(signedIn: boolean, status: number, body: object = {}) {
    installBrowser(signedIn ? { seed: { user: SHOPPER } } : {});
    const fetch = vi.fn(() => Promise.resolve(Response.json(body, { status })));
    vi.stubGlobal('fetch', fetch);
    vi.resetModules();
    const reviews = await import('#src/stores/reviews.ts');
    await reviews.loadReviewAccess('kashmiri-saffron');
    vi.unstubAllGlobals();
    return { access: reviews.$reviewAccess.get(), asked: fetch.mock.calls.length > 0 };
  }

  it('asks a visitor to sign in without asking the shop, and a shopper whose session ended', async () => {
    expect(await accessWhen(false, 200, { mayReview: true, review: MINE })).toEqual({
      access: { status: 'signed-out' },
      asked: false,
    });
    expect((await accessWhen(true, 401)).access).toEqual({ status: 'signed-out' });
  });

  it('tells a shopper without a delivered order that only buyers review', async () => {
    expect((await accessWhen(true, 200, { mayReview: false, review: null })).access).toEqual({
      status: 'not-buyer',
    });
  });

  it('lets a buyer write, and whoever wrote one edit or delete it', async () => {
    expect((await accessWhen(true, 200, { mayReview: true, review: null })).access).toEqual({
      status: 'may-review',
      review: null,
    });
    expect((await accessWhen(true, 200, { mayReview: false, review: MINE })).access).toEqual({
      status: 'may-review',
      review: MINE,
    });
  });
});

describe('field limits', () => {
  it('needs 1 to 5 whole stars', () => {
    for (const rating of [0, 6, 2.5, Number.NaN]) {
      expect(reviewProblems({ ...DRAFT, rating })).toEqual({ rating: 'Rating: choose from 1 to 5 stars.' });
    }
    for (const rating of [1, 5]) expect(reviewProblems({ ...DRAFT, rating })).toEqual({});
  });

  it('takes a title of up to 100 characters and text of up to 2,000, counting an emoji once', () => {
    expect(reviewProblems({ ...DRAFT, title: '🌶'.repeat(100), text: 'x'.repeat(2000) })).toEqual({});
    expect(reviewProblems({ ...DRAFT, title: 't'.repeat(101), text: 'x'.repeat(2001) })).toEqual({
      title: 'Title must be at most 100 characters.',
      text: 'Review text must be at most 2,000 characters.',
    });
    expect(reviewProblems({ ...DRAFT, title: `  ${'t'.repeat(100)}  ` })).toEqual({});
  });

  it('keeps a bad draft in the browser: nothing is sent', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const result = await sendReview('kashmiri-saffron', { ...DRAFT, rating: 0 });
    expect(result).toEqual({
      ok: false,
      problems: { rating: 'Rating: choose from 1 to 5 stars.' },
      message: 'Rating: choose from 1 to 5 stars.',
    });
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});

describe('average and counts', () => {
  it('averages to one decimal and counts each star', () => {
    expect(ratingSummary([0, 0, 1, 1, 1])).toEqual({ average: 4, count: 3, stars: [0, 0, 1, 1, 1] });
    expect(ratingSummary([1, 0, 0, 0, 2])).toEqual({ average: 3.7, count: 3, stars: [1, 0, 0, 0, 2] });
    expect(ratingSummary([])).toEqual({ average: 0, count: 0, stars: [0, 0, 0, 0, 0] });
  });

  it('sums the approved counts per product and star from the store', () => {
    const summaries = summariesOf([
      { productId: 'cumin-seeds', rating: 5, count: 2 },
      { productId: 'cumin-seeds', rating: 4, count: 1 },
      { productId: 'amchur', rating: 1, count: 1 },
    ]);
    expect(summaries.get('cumin-seeds')).toEqual({ average: 4.7, count: 3, stars: [0, 0, 0, 1, 2] });
    expect(summaries.get('amchur')?.average).toBe(1);
    expect(summaries.has('sumac')).toBe(false);
  });

  it('reads aloud and shows as stars rounded to whole ones', () => {
    expect(ratingLabel({ average: 4.5, count: 12 })).toBe('4.5 out of 5 stars, 12 reviews');
    expect(ratingLabel({ average: 5, count: 1 })).toBe('5.0 out of 5 stars, 1 review');
    expect(starsText(4.4)).toBe('★★★★☆');
    expect(starsText(4.5)).toBe('★★★★★');
  });

  it('signs with the first name and the initial of the last', () => {
    expect(reviewerName('Asha Rao')).toBe('Asha R.');
    expect(reviewerName('  mei  ling  lin ')).toBe('mei L.');
    expect(reviewerName('Cher')).toBe('Cher');
    expect(reviewerName(' ')).toBe('A shopper');
  });
});

describe('a review as others read it', () => {
  it('has no bidirectional controls, even in a review stored with them', () => {
    const stored: ReviewWithAuthor = {
      id: 'r1',
      accountId: 'a1',
      productId: 'sumac',
      rating: 5,
      title: 'Great \u202Eevil\u202C',
      text: 'Bright \u2066and\u2069 tart',
      state: 'approved',
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-02T10:00:00.000Z',
      authorName: '\u202EAsha Rao',
    };
    expect(publishedReview(stored)).toMatchObject({
      title: 'Great evil',
      text: 'Bright and tart',
      author: 'Asha R.',
    });
  });
});

describe('sorting the catalogue by rating', () => {
  const item = (id: string, title: string) =>
    ({ id, title, variety: 'Spices', aliases: [] }) as unknown as CatalogueItem;
  const items = [item('a', 'Amchur'), item('b', 'Berbere'), item('c', 'Cumin'), item('d', 'Dill')];

  it('puts the highest average first, then the most reviewed, and the unreviewed last by name', () => {
    const ratings = {
      c: { average: 4.5, count: 2 },
      b: { average: 4.5, count: 9 },
      d: { average: 3, count: 40 },
    };
    const sorted = findProducts(items, { ...ALL_OF_CATALOGUE, sort: 'rating' }, ratings);
    expect(sorted.map((found) => found.id)).toEqual(['b', 'c', 'd', 'a']);
  });
});

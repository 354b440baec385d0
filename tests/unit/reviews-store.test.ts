import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore, type Store } from '#src/server/store/index.ts';
import type { Account } from '#src/server/store/types.ts';
import { DATABASES, type TestDatabase } from '../support/databases.ts';

const SAFFRON = 'kashmiri-saffron';
const CUMIN = 'cumin-seeds';
const GOOD = { rating: 5, title: 'Worth it', text: 'Deep colour, honey smell.' };

let orders = 0;

describe.each(DATABASES)('reviews in the store on $name', ({ create }) => {
  let database: TestDatabase;
  let store: Store;
  beforeEach(async () => {
    database = await create();
    store = createStore(database.config);
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  /** An account named `name` with an order of `productId` moved as far as `status`. */
  async function buyer(name: string, productId: string, status: 'processing' | 'shipped' | 'delivered') {
    orders += 1;
    const account = await store.accountForPhone(`+1415555${String(1000 + orders).slice(-4)}`);
    await store.updateProfile(account.id, { name });
    const placed = await store.placeOrder({
      userId: account.id,
      phone: account.phone,
      address: { name, street: 'S', city: 'C', state: '', zip: '', country: '', phone: '' },
      lines: [{ productId, pack: '1 g', name: productId, quantity: 1, priceCents: 1500 }],
      totalCents: 1500,
      idempotencyKey: `review-order-${orders}-0123456789`,
      requestHash: String(orders),
    });
    if (placed.outcome !== 'created') throw new Error('the order was not placed');
    if (status !== 'processing') await store.moveOrder(placed.order.id, 'shipped');
    if (status === 'delivered') await store.moveOrder(placed.order.id, 'delivered');
    return account;
  }

  const approvedTitles = async (productId: string) =>
    (await store.approvedReviews(productId, { limit: 10, offset: 0 })).map((review) => review.title);

  it('lets only an account with a delivered order of the product review it', async () => {
    const waiting = await buyer('Ravi Menon', SAFFRON, 'shipped');
    const asha = await buyer('Asha Rao', SAFFRON, 'delivered');
    expect(await store.mayReview(waiting.id, SAFFRON)).toBe(false);
    expect(await store.saveReview(waiting.id, SAFFRON, GOOD)).toBe('not-buyer');
    expect(await store.mayReview(asha.id, CUMIN)).toBe(false);
    expect(await store.saveReview(asha.id, CUMIN, GOOD)).toBe('not-buyer');
    expect(await store.mayReview(asha.id, SAFFRON)).toBe(true);
    expect(await store.saveReview(asha.id, SAFFRON, GOOD)).toMatchObject({ ...GOOD, state: 'pending' });
    expect(await store.ownReview(waiting.id, SAFFRON)).toBeUndefined();
  });

  it('keeps one review per account and product: pending, approved, edited back to pending, hidden', async () => {
    const asha = await buyer('Asha Rao', SAFFRON, 'delivered');
    const first = await store.saveReview(asha.id, SAFFRON, GOOD);
    if (first === 'not-buyer') throw new Error('Asha bought it');
    expect(await approvedTitles(SAFFRON)).toEqual([]);
    expect(await store.pendingReviews()).toMatchObject([{ id: first.id, authorName: 'Asha Rao' }]);

    expect(await store.moderateReview(first.id, 'approved')).toMatchObject({ state: 'approved' });
    expect(await approvedTitles(SAFFRON)).toEqual(['Worth it']);
    expect(await store.pendingReviews()).toEqual([]);

    const edited = await store.saveReview(asha.id, SAFFRON, { ...GOOD, rating: 4, title: 'Still good' });
    if (edited === 'not-buyer') throw new Error('Asha bought it');
    expect(edited).toMatchObject({ rating: 4, state: 'pending', createdAt: first.createdAt });
    expect(await approvedTitles(SAFFRON)).toEqual([]);

    await store.moderateReview(edited.id, 'approved');
    expect(await store.moderateReview(edited.id, 'hidden')).toMatchObject({ state: 'hidden' });
    expect(await approvedTitles(SAFFRON)).toEqual([]);
    expect(await store.moderateReview('R-0000000000', 'approved')).toBeUndefined();

    expect(await store.deleteReview(asha.id, SAFFRON)).toBe(true);
    expect(await store.deleteReview(asha.id, SAFFRON)).toBe(false);
    expect(await store.ownReview(asha.id, SAFFRON)).toBeUndefined();
  });

  it('approves only the words the merchant read: an edit since the list waits under a new id', async () => {
    const asha = await buyer('Asha Rao', SAFFRON, 'delivered');
    const read = await store.saveReview(asha.id, SAFFRON, GOOD);
    if (read === 'not-buyer') throw new Error('Asha bought it');
    const [listed] = await store.pendingReviews();
    const spam = { rating: 1, title: '', text: 'Buy elsewhere at cheap-saffron.example' };
    const edited = await store.saveReview(asha.id, SAFFRON, spam);
    if (edited === 'not-buyer') throw new Error('Asha bought it');

    expect(listed?.id).toBe(read.id);
    expect(edited.id).not.toBe(read.id);
    expect(await store.moderateReview(read.id, 'approved')).toBeUndefined();
    expect(await approvedTitles(SAFFRON)).toEqual([]);
    expect(await store.pendingReviews()).toMatchObject([{ id: edited.id, text: spam.text }]);
  });

  it("shows the writer's name as it was when the review was written, not a name changed since", async () => {
    const asha = await buyer('Asha Rao', SAFFRON, 'delivered');
    const saved = await store.saveReview(asha.id, SAFFRON, GOOD);
    if (saved === 'not-buyer') throw new Error('Asha bought it');
    await store.moderateReview(saved.id, 'approved');
    await store.updateProfile(asha.id, { name: 'VISIT-cheap-saffron.example/deals' });

    expect(await store.approvedReviews(SAFFRON, { limit: 10, offset: 0 })).toMatchObject([
      { authorName: 'Asha Rao' },
    ]);
    // An edit is read again by the merchant, under the name the writer has then.
    await store.saveReview(asha.id, SAFFRON, { ...GOOD, title: 'Still worth it' });
    expect(await store.pendingReviews()).toMatchObject([{ authorName: 'VISIT-cheap-saffron.example/deals' }]);
  });

  it('lists approved reviews newest first, a page at a time, and counts them per star', async () => {
    const buyers: Account[] = [];
    for (const name of ['Asha Rao', 'Ravi Menon', 'Mei Lin'])
      buyers.push(await buyer(name, SAFFRON, 'delivered'));
    const cumin = await buyer('Tom Hart', CUMIN, 'delivered');
    const ratings = [5, 4, 5];
    for (const [index, account] of buyers.entries()) {
      const saved = await store.saveReview(account.id, SAFFRON, { ...GOOD, rating: ratings[index] ?? 1 });
      if (saved !== 'not-buyer') await store.moderateReview(saved.id, 'approved');
    }
    await store.saveReview(cumin.id, CUMIN, { ...GOOD, rating: 1 });

    const newest = await store.approvedReviews(SAFFRON, { limit: 2, offset: 0 });
    expect(newest.map((review) => review.authorName)).toEqual(['Mei Lin', 'Ravi Menon']);
    const next = await store.approvedReviews(SAFFRON, { limit: 2, offset: 2 });
    expect(next.map((review) => review.authorName)).toEqual(['Asha Rao']);
    expect(await store.ratingCounts(SAFFRON)).toEqual([
      { productId: SAFFRON, rating: 4, count: 1 },
      { productId: SAFFRON, rating: 5, count: 2 },
    ]);
    // The cumin review is still pending: it counts nowhere.
    expect(await store.ratingCounts()).toEqual(await store.ratingCounts(SAFFRON));
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore, type Store } from '#src/server/store/index.ts';
import type { NewOrder, OrderLine } from '#src/server/store/types.ts';
import { DATABASES, type TestDatabase } from '../support/databases.ts';
import { SAFFRON_TIN } from '../support/shopData.ts';

const CUMIN = { productId: 'cumin-seeds', pack: '100 g' };

let orders = 0;
const line = (pack: typeof SAFFRON_TIN, quantity: number): OrderLine => ({
  ...pack,
  name: `${pack.productId} (${pack.pack})`,
  quantity,
  priceCents: 500,
});
const order = (lines: OrderLine[]): NewOrder => {
  orders += 1;
  return {
    userId: 'u1',
    phone: '+14155550199',
    address: { name: 'A', street: 'S', city: 'C', state: '', zip: '', country: '', phone: '' },
    lines,
    totalCents: 500,
    idempotencyKey: `stock-order-${orders}-0123456789`,
    requestHash: String(orders),
  };
};

describe.each(DATABASES)('stock in the store on $name', ({ create }) => {
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

  const set = (pack: typeof SAFFRON_TIN, amount: number) =>
    store.changeStock({ ...pack, change: 'set', amount }, 'Back in stock');
  const add = (pack: typeof SAFFRON_TIN, amount: number) =>
    store.changeStock({ ...pack, change: 'add', amount }, 'Back in stock');

  it('counts nothing until the merchant does; set and add change a count that never goes below 0', async () => {
    expect(await store.stockLevels()).toEqual([]);
    expect(await set(SAFFRON_TIN, 12)).toEqual({ count: 12, notified: 0 });
    expect(await add(SAFFRON_TIN, -5)).toEqual({ count: 7, notified: 0 });
    expect(await add(SAFFRON_TIN, -50)).toEqual({ count: 0, notified: 0 });
    expect(await add(CUMIN, 3)).toEqual({ count: 3, notified: 0 });
    expect(await add({ ...CUMIN, pack: '250 g' }, -3)).toEqual({ count: 0, notified: 0 });
    expect(await store.stockLevels()).toEqual([
      { ...CUMIN, count: 3 },
      { ...CUMIN, pack: '250 g', count: 0 },
      { ...SAFFRON_TIN, count: 0 },
    ]);
    expect(await store.stockLevels([SAFFRON_TIN.productId, 'sumac'])).toEqual([{ ...SAFFRON_TIN, count: 0 }]);
    expect(await store.stockLevels([])).toEqual([]);
  });

  it('takes the stock of every counted line with the order, and none of an uncounted one', async () => {
    await set(SAFFRON_TIN, 5);
    const placed = await store.placeOrder(order([line(SAFFRON_TIN, 2), line(CUMIN, 40)]));
    expect(placed.outcome).toBe('created');
    expect(await store.stockLevels()).toEqual([{ ...SAFFRON_TIN, count: 3 }]);
  });

  it('refuses an order asking for more than is left: nothing is stored, and it says how many are left', async () => {
    await set(SAFFRON_TIN, 5);
    await set(CUMIN, 1);
    const placed = await store.placeOrder(order([line(SAFFRON_TIN, 2), line(CUMIN, 2)]));
    expect(placed).toEqual({ outcome: 'short', shortages: [{ ...CUMIN, available: 1 }] });
    expect(await store.recentOrders(5)).toEqual([]);
    expect(await store.stockLevels()).toEqual([
      { ...CUMIN, count: 1 },
      { ...SAFFRON_TIN, count: 5 },
    ]);
  });

  it('counts two lines of one pack together: each fits, both do not', async () => {
    await set(SAFFRON_TIN, 3);
    const placed = await store.placeOrder(order([line(SAFFRON_TIN, 2), line(SAFFRON_TIN, 2)]));
    expect(placed).toEqual({
      outcome: 'short',
      shortages: [
        { ...SAFFRON_TIN, available: 3 },
        { ...SAFFRON_TIN, available: 3 },
      ],
    });
    expect(await store.stockLevels()).toEqual([{ ...SAFFRON_TIN, count: 3 }]);
  });

  it('sells the last 10 tins to exactly 10 of 50 orders placed at once', async () => {
    await set(SAFFRON_TIN, 10);
    const placed = await Promise.all(
      Array.from({ length: 50 }, () => store.placeOrder(order([line(SAFFRON_TIN, 1)]))),
    );
    expect(placed.filter((result) => result.outcome === 'created')).toHaveLength(10);
    expect(placed.filter((result) => result.outcome === 'short')).toHaveLength(40);
    expect(await store.recentOrders(100)).toHaveLength(10);
    expect(await store.stockLevels()).toEqual([{ ...SAFFRON_TIN, count: 0 }]);
  });

  it('texts each shopper who asked once when a pack goes from 0 to more, and the request is done', async () => {
    const asha = await store.accountForPhone('+14155550101');
    const ravi = await store.accountForPhone('+14155550102');
    await set(SAFFRON_TIN, 0);
    await store.setRestockRequest(asha.id, SAFFRON_TIN, true);
    await store.setRestockRequest(asha.id, SAFFRON_TIN, true);
    await store.setRestockRequest(ravi.id, SAFFRON_TIN, true);
    await store.setRestockRequest(ravi.id, CUMIN, true);
    await store.setRestockRequest(ravi.id, CUMIN, false);
    expect(await store.restockRequests(ravi.id)).toEqual([SAFFRON_TIN]);

    expect(await add(SAFFRON_TIN, 0)).toEqual({ count: 0, notified: 0 });
    expect(await add(SAFFRON_TIN, 4)).toEqual({ count: 4, notified: 2 });
    expect(await add(SAFFRON_TIN, 4)).toEqual({ count: 8, notified: 0 });
    expect(await store.restockRequests(asha.id)).toEqual([]);
    const texts = await store.recentOutbox(10);
    expect(texts.map((text) => text.recipient).sort()).toEqual([asha.phone, ravi.phone]);
    for (const text of texts) {
      expect(text).toMatchObject({
        kind: 'back-in-stock',
        channel: 'sms',
        state: 'pending',
        body: 'Back in stock',
      });
    }
  });
});

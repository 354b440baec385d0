import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discountCents, minimumShortfall, normaliseCode } from '#src/lib/discounts.ts';
import { checkDiscount } from '#src/server/discounts/check.ts';
import { addCode, disableCode, readNewCode } from '#src/server/discounts/manage.ts';
import { COMMAND_LINE } from '#src/server/orders/fulfilment.ts';
import { createStore, type Store } from '#src/server/store/index.ts';
import type { NewOrder } from '#src/server/store/types.ts';
import { DATABASES, type TestDatabase } from '../support/databases.ts';

describe('the discount rule browser and server share', () => {
  it('takes a share rounded to the cent, or a fixed amount, never more than the subtotal', () => {
    expect(discountCents({ percent: 10 }, 4_555)).toBe(456);
    expect(discountCents({ percent: 100 }, 4_555)).toBe(4_555);
    expect(discountCents({ amountCents: 500 }, 4_555)).toBe(500);
    // A code worth more than the order makes it free, never negative.
    expect(discountCents({ amountCents: 5_000 }, 1_200)).toBe(1_200);
    expect(discountCents({ amountCents: 500 }, 0)).toBe(0);
  });

  it('reads a code in any case, and only what can be one', () => {
    expect(normaliseCode('  spring10 ')).toBe('SPRING10');
    expect(normaliseCode('Spring-10')).toBe('SPRING-10');
    expect(normaliseCode('ab')).toBeUndefined();
    expect(normaliseCode('DROP TABLE')).toBeUndefined();
    expect(normaliseCode('-AB')).toBeUndefined();
  });

  it('says by how much a subtotal misses the minimum', () => {
    const terms = { code: 'BIG', off: { percent: 10 }, minCents: 4_000 };
    expect(minimumShortfall(terms, 2_750)).toBe('The code BIG needs a subtotal of $40.00: add $12.50 more.');
    expect(minimumShortfall(terms, 4_000)).toBeUndefined();
  });

  it("reads the merchant's new code, refusing what cannot work", () => {
    const read = readNewCode({ code: 'spring10', percent: '10', min: '30', ends: '2027-03-31', uses: '100' });
    expect(read).toEqual({
      ok: true,
      value: {
        code: 'SPRING10',
        off: { percent: 10 },
        minCents: 3_000,
        endsAt: '2027-04-01T00:00:00.000Z',
        maxUses: 100,
      },
    });
    expect(readNewCode({ code: 'X1', percent: '10' }).ok).toBe(false);
    expect(readNewCode({ code: 'BOTH', percent: '10', amount: '5' }).ok).toBe(false);
    expect(readNewCode({ code: 'NONE' }).ok).toBe(false);
    expect(readNewCode({ code: 'MANY', percent: '101' }).ok).toBe(false);
    expect(readNewCode({ code: 'NEG', amount: '-5' }).ok).toBe(false);
    expect(readNewCode({ code: 'DAY', amount: '5', ends: 'tomorrow' }).ok).toBe(false);
    expect(readNewCode({ code: 'BACK', amount: '5', starts: '2027-02-01', ends: '2027-01-01' }).ok).toBe(
      false,
    );
  });
});

let placed = 0;
const orderWith = (accountId: string, code: string, cents = 500): NewOrder => {
  placed += 1;
  return {
    userId: accountId,
    phone: '+14155550199',
    address: {
      name: 'Asha Rao',
      street: '1 Main St',
      city: 'Pune',
      state: '',
      zip: '',
      country: 'India',
      phone: '',
    },
    lines: [
      {
        productId: 'kashmiri-saffron',
        pack: '1 g',
        name: 'Kashmiri Saffron (1 g)',
        quantity: 1,
        priceCents: 2_000,
      },
    ],
    totalCents: 2_000 - cents,
    idempotencyKey: `discount-order-${placed}-0123456789`,
    requestHash: String(placed),
    discount: { code, cents },
  };
};

describe.each(DATABASES)('discount codes on $name', ({ create }) => {
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

  const add = async (fields: Parameters<typeof addCode>[1]) => {
    const added = await addCode(store, fields, COMMAND_LINE);
    expect(added.ok, added.message).toBe(true);
  };
  const check = (code: string, accountId = 'acct-1', subtotalCents = 2_000, now?: Date) =>
    checkDiscount(store, code, { accountId, subtotalCents, ...(now ? { now } : {}) });

  it('makes exactly as many discounted orders as a code has uses, however many race for it', async () => {
    await add({ code: 'FIVE', amount: '5', uses: '5' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => store.placeOrder(orderWith(`racer-${index}`, 'FIVE'))),
    );
    const created = results.filter((result) => result.outcome === 'created');
    const spent = results.filter((result) => result.outcome === 'discount-spent');
    expect(created).toHaveLength(5);
    expect(spent).toHaveLength(15);
    expect(spent.every((result) => 'reason' in result && result.reason === 'used-up')).toBe(true);
    expect((await store.findDiscountCode('FIVE'))?.used).toBe(5);
    expect(await check('five')).toEqual({
      ok: false,
      message: 'The code FIVE has been used as often as it allows: it is used up.',
    });
  });

  it('keeps to its uses per account, even for orders placed at once, and the order keeps the code', async () => {
    await add({ code: 'ONCE', percent: '10', perAccount: '1' });
    expect((await check('once')).ok).toBe(true);
    const results = await Promise.all(
      [1, 2, 3].map(() => store.placeOrder(orderWith('acct-1', 'ONCE', 200))),
    );
    expect(results.filter((result) => result.outcome === 'created')).toHaveLength(1);
    expect(results.filter((result) => result.outcome === 'discount-spent')).toHaveLength(2);
    expect(await check('ONCE')).toEqual({
      ok: false,
      message: 'You have already used the code ONCE: it is one use per customer.',
    });
    // Another account may still use it.
    expect((await check('ONCE', 'acct-2')).ok).toBe(true);
    const [first] = results;
    if (first?.outcome !== 'created') throw new Error('the first order was not placed');
    expect((await store.findOrder(first.order.id))?.discount).toEqual({ code: 'ONCE', cents: 200 });
  });

  it('gives a use back when its order is cancelled', async () => {
    await add({ code: 'ONE', amount: '5', uses: '1' });
    const result = await store.placeOrder(orderWith('acct-1', 'ONE'));
    if (result.outcome !== 'created') throw new Error('not placed');
    expect((await check('ONE', 'acct-2')).ok).toBe(false);
    const cancelled = await store.cancelOrder(result.order.id, 'test', ['processing']);
    expect(cancelled.ok).toBe(true);
    expect((await store.findDiscountCode('ONE'))?.used).toBe(0);
    expect((await check('ONE', 'acct-2')).ok).toBe(true);
  });

  it('says why a code does not apply: unknown, disabled, not started, ended, minimum', async () => {
    expect(await check('nosuch')).toEqual({
      ok: false,
      message: 'There is no discount code NOSUCH: check how it is spelt.',
    });
    await add({ code: 'WINTER', percent: '15', starts: '2027-01-01', ends: '2027-01-31', min: '30' });
    const before = new Date('2026-12-31T23:59:00Z');
    const during = new Date('2027-01-31T23:59:00Z');
    const after = new Date('2027-02-01T00:00:00Z');
    expect(await check('winter', 'acct-1', 5_000, before)).toEqual({
      ok: false,
      message: 'The code WINTER can be used from January 1, 2027.',
    });
    expect(await check('Winter', 'acct-1', 5_000, during)).toEqual({
      ok: true,
      terms: { code: 'WINTER', off: { percent: 15 }, minCents: 3_000 },
      cents: 750,
    });
    expect(await check('winter', 'acct-1', 5_000, after)).toEqual({
      ok: false,
      message: 'The code WINTER ended on January 31, 2027.',
    });
    expect(await check('winter', 'acct-1', 2_000, during)).toEqual({
      ok: false,
      message: 'The code WINTER needs a subtotal of $30.00: add $10.00 more.',
    });
    const disabled = await disableCode(store, 'winter', COMMAND_LINE);
    expect(disabled).toEqual({ ok: true, message: 'WINTER is disabled: shoppers can no longer use it.' });
    expect((await check('winter', 'acct-1', 5_000, during)).ok).toBe(false);
    expect((await disableCode(store, 'winter', COMMAND_LINE)).ok).toBe(false);
    // Each change is the merchant's, recorded.
    const actions = await store.merchantActions({ target: 'discount:WINTER', limit: 10 });
    expect(actions.map((action) => action.action)).toEqual(['disable discount', 'add discount']);
  });

  it('refuses a second code of the same name', async () => {
    await add({ code: 'SAME', percent: '5' });
    expect(await addCode(store, { code: 'same', amount: '3' }, COMMAND_LINE)).toEqual({
      ok: false,
      message: 'There is a code SAME already: choose another.',
    });
  });
});

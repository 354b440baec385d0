import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUMIN, SAFFRON, installBrowser, loadShop, stored, type FakeBrowser, type Shop } from './browser.ts';
import { SHOPPER } from '../../support/shopData.ts';

let browser: FakeBrowser;
let shop: Shop;

beforeEach(async () => {
  browser = installBrowser({ seed: { user: SHOPPER } });
  shop = await loadShop();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Generous: the runs are many and CI machines can be slow. */
const PROPERTY_TIMEOUT = 60_000;

const KEYS = ['user', 'users', 'pendingOTP', 'cart', 'wishlist', 'orders', `addresses:${SHOPPER.id}`];

/** Anything a broken or foreign writer could leave: text, JSON of any shape, near-miss entries. */
const nearMiss = fc.record(
  {
    id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    name: fc.oneof(fc.string(), fc.integer()),
    phone: fc.oneof(fc.string(), fc.constant(null)),
    price: fc.oneof(fc.double(), fc.string()),
    quantity: fc.oneof(fc.integer(), fc.double(), fc.string()),
    total: fc.oneof(fc.double(), fc.constant(undefined)),
    status: fc.oneof(fc.constantFrom('processing', 'shipped'), fc.integer()),
    items: fc.anything(),
    address: fc.anything(),
    otp: fc.oneof(fc.string(), fc.integer()),
    street: fc.anything(),
  },
  { requiredKeys: [] },
);
const garbage = fc.oneof(
  fc.string(),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.array(fc.oneof(nearMiss, fc.jsonValue())).map((value) => JSON.stringify(value)),
  nearMiss.map((value) => JSON.stringify(value)),
);

const isText = (value: unknown) => typeof value === 'string';
const isAmount = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isCount = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const uniqueIds = (list: { id: string }[]) => new Set(list.map((entry) => entry.id)).size === list.length;

/** Checks every store against the shapes its key must hold, independently of the parsers. */
function expectValidShapes(shop: Shop) {
  const user = shop.auth.$user.get();
  if (user) expect(Object.values(user).every(isText) && user.id !== '').toBe(true);
  const pending = shop.signIn.$pendingOTP.get();
  if (pending) expect(Object.keys(pending)).toEqual(['phone']);
  if (pending) expect(isText(pending.phone)).toBe(true);
  const lines = shop.cart.$cart.get();
  for (const line of lines) {
    expect(line.id !== '' && isText(line.name) && isText(line.image) && isAmount(line.price)).toBe(true);
    expect(isCount(line.quantity)).toBe(true);
  }
  expect(uniqueIds(lines) && uniqueIds(shop.wishlist.$wishlist.get())).toBe(true);
  expect(Number.isFinite(shop.cart.$cartTotal.get())).toBe(true);
  for (const order of shop.orders.$orders.get()) {
    expect(isText(order.id) && isText(order.date) && isText(order.status) && isAmount(order.total)).toBe(
      true,
    );
    expect(
      order.items.every((item) => isText(item.name) && isCount(item.quantity) && isAmount(item.price)),
    ).toBe(true);
    expect(Object.values(order.address).every(isText)).toBe(true);
  }
  for (const address of shop.addresses.$addresses.get()) {
    expect(Object.values(address).every(isText) && address.id !== '').toBe(true);
  }
}

describe('reading arbitrary stored garbage (property-based)', () => {
  it(
    'never throws and yields only values in the stored shapes, for every key',
    async () => {
      // Subscribed like a page with islands: every key is read back at each storage event.
      const stop = shop.addresses.$addresses.listen(() => {});
      // No shop to ask here: tracking falls back to the orders this browser keeps.
      vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
      await fc.assert(
        fc.asyncProperty(fc.tuple(...KEYS.map(() => fc.option(garbage))), async (values) => {
          KEYS.forEach((key, index) => browser.otherTabWrites(key, values[index] ?? null));
          expectValidShapes(shop);
          const tracked = await shop.tracking.lookUpOrder('ORD-1');
          if (typeof tracked !== 'string') expect(tracked.updates.length).toBeGreaterThan(0);
        }),
        { numRuns: 150 },
      );
      stop();
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'loads a page whose storage holds garbage under every key without throwing',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.tuple(...KEYS.map(() => garbage)), async (values) => {
          installBrowser({ seed: Object.fromEntries(KEYS.map((key, index) => [key, values[index]])) });
          expectValidShapes(await loadShop());
        }),
        { numRuns: 25 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'keeps every valid entry found among garbage, and the next write stores exactly those',
    () => {
      const good = [
        { ...SAFFRON, quantity: 2 },
        { ...CUMIN, quantity: 1 },
      ];
      fc.assert(
        fc.property(fc.array(fc.oneof(nearMiss, fc.jsonValue()), { maxLength: 6 }), (junk) => {
          browser.otherTabWrites('cart', JSON.stringify([...junk, good[0], ...junk, good[1]]));
          const kept = shop.cart.$cart.get().map((entry) => entry.id);
          for (const line of good) expect(kept).toContain(line.id);
          shop.cart.addToCart(CUMIN);
          expect(stored(browser, 'cart')).toEqual(shop.cart.$cart.get());
          expectValidShapes(shop);
        }),
        { numRuns: 150 },
      );
    },
    PROPERTY_TIMEOUT,
  );
});

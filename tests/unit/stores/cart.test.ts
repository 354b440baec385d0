import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUMIN, SAFFRON, installBrowser, loadShop, stored, type FakeBrowser, type Shop } from './browser.ts';

let browser: FakeBrowser;
let shop: Shop;

beforeEach(async () => {
  browser = installBrowser();
  shop = await loadShop();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cart', () => {
  it('adds a new product with quantity 1 and stores the line in the stored shape', () => {
    expect(shop.cart.addToCart(SAFFRON)).toEqual({ saved: true });
    expect(shop.cart.$cart.get()).toEqual([{ ...SAFFRON, quantity: 1 }]);
    expect(stored(browser, 'cart')).toEqual([{ ...SAFFRON, quantity: 1 }]);
  });

  it('raises the quantity by 1 when the same product is added again', () => {
    shop.cart.addToCart(SAFFRON);
    shop.cart.addToCart(CUMIN);
    shop.cart.addToCart(SAFFRON);
    expect(shop.cart.$cart.get().map((line) => [line.id, line.quantity])).toEqual([
      [SAFFRON.id, 2],
      [CUMIN.id, 1],
    ]);
  });

  it('keeps only the cart line fields of a richer product object', () => {
    shop.cart.addToCart({ ...SAFFRON, category: 'Spices', inStock: true } as typeof SAFFRON);
    expect(Object.keys((stored(browser, 'cart') as object[])[0]!)).toEqual([
      'id',
      'productId',
      'pack',
      'name',
      'price',
      'image',
      'quantity',
    ]);
  });

  it('finds a line by its product and pack, whatever its id says', () => {
    const odd = { ...SAFFRON, id: 'saffron-tin-1' };
    shop.cart.addToCart(odd);
    shop.cart.addToCart(SAFFRON);
    expect(shop.cart.$cart.get()).toEqual([{ ...odd, quantity: 2 }]);
    shop.cart.addToCart({ ...SAFFRON, pack: '5 g' });
    expect(shop.cart.$cartCount.get()).toBe(3);
    shop.cart.setQuantity({ productId: SAFFRON.productId, pack: SAFFRON.pack }, 4);
    shop.cart.removeFromCart({ productId: SAFFRON.productId, pack: '5 g' });
    expect(shop.cart.$cart.get()).toEqual([{ ...odd, quantity: 4 }]);
  });

  it('refuses an item without a usable price and stores nothing', () => {
    expect(shop.cart.addToCart({ ...SAFFRON, price: Number.NaN })).toEqual({ saved: false });
    expect(shop.cart.$cart.get()).toEqual([]);
    expect(browser.storage.getItem('cart')).toBeNull();
  });

  it('sets a quantity, and removes the line when it is set to 0 or less', () => {
    shop.cart.addToCart(SAFFRON);
    shop.cart.addToCart(CUMIN);
    shop.cart.setQuantity(SAFFRON, 5);
    expect(shop.cart.$cart.get()[0]?.quantity).toBe(5);
    shop.cart.setQuantity(SAFFRON, 0);
    shop.cart.setQuantity(CUMIN, -3);
    expect(shop.cart.$cart.get()).toEqual([]);
    expect(stored(browser, 'cart')).toEqual([]);
  });

  it('steps a quantity one down and one up as the cart page buttons do', () => {
    shop.cart.addToCart(SAFFRON);
    const line = () => shop.cart.$cart.get()[0]!;
    shop.cart.setQuantity(SAFFRON, line().quantity + 1);
    expect(line().quantity).toBe(2);
    shop.cart.setQuantity(SAFFRON, line().quantity - 1);
    shop.cart.setQuantity(SAFFRON, line().quantity - 1);
    expect(shop.cart.$cart.get()).toEqual([]);
  });

  it('ignores a quantity that is not a number and cuts fractions to whole units', () => {
    shop.cart.addToCart(SAFFRON);
    shop.cart.setQuantity(SAFFRON, Number.NaN);
    shop.cart.setQuantity(SAFFRON, Number.POSITIVE_INFINITY);
    expect(shop.cart.$cart.get()[0]?.quantity).toBe(1);
    shop.cart.setQuantity(SAFFRON, 3.7);
    expect(shop.cart.$cart.get()[0]?.quantity).toBe(3);
  });

  it('stops a line at what is left of its pack, adding or stepping, and adds none of a pack with none left', () => {
    shop.cart.addToCart(SAFFRON, 5, 2);
    const line = () => shop.cart.$cart.get()[0]!;
    expect(line().quantity).toBe(2);
    shop.cart.addToCart(SAFFRON, 1, 2);
    expect(line().quantity).toBe(2);
    shop.cart.setQuantity(SAFFRON, 3, 2);
    expect(line().quantity).toBe(2);
    shop.cart.setQuantity(SAFFRON, 1, 2);
    expect(line().quantity).toBe(1);
    expect(shop.cart.addToCart(CUMIN, 1, 0)).toEqual({ saved: true });
    expect(shop.cart.$cart.get()).toHaveLength(1);
  });

  it('does not add a line when setting the quantity of a product not in the cart', () => {
    expect(shop.cart.setQuantity(SAFFRON, 4)).toEqual({ saved: true });
    expect(shop.cart.$cart.get()).toEqual([]);
  });

  it('removes one line and clears them all', () => {
    shop.cart.addToCart(SAFFRON);
    shop.cart.addToCart(CUMIN);
    shop.cart.removeFromCart(SAFFRON);
    expect(shop.cart.$cart.get().map((line) => line.id)).toEqual([CUMIN.id]);
    expect(shop.cart.clearCart()).toEqual({ saved: true });
    expect(shop.cart.$cart.get()).toEqual([]);
    expect(stored(browser, 'cart')).toEqual([]);
  });

  it('counts the sum of quantities and totals price times quantity', () => {
    shop.cart.addToCart(SAFFRON);
    shop.cart.addToCart(SAFFRON);
    shop.cart.addToCart(CUMIN);
    expect(shop.cart.$cartCount.get()).toBe(3);
    expect(shop.cart.$cartTotal.get()).toBe(30.48);
    expect(shop.cart.lineTotal(shop.cart.$cart.get()[0]!)).toBe(25.98);
  });

  it('totals without floating point drift', () => {
    shop.cart.addToCart({ ...SAFFRON, price: 0.1 });
    shop.cart.addToCart({ ...CUMIN, price: 0.2 });
    expect(shop.cart.$cartTotal.get()).toBe(0.3);
    shop.cart.setQuantity(SAFFRON, 3);
    expect(shop.cart.lineTotal(shop.cart.$cart.get()[0]!)).toBe(0.3);
  });

  it('restores a saved cart on load', async () => {
    browser = installBrowser({ seed: { cart: [{ ...SAFFRON, quantity: 2 }] } });
    shop = await loadShop();
    expect(shop.cart.$cart.get()).toEqual([{ ...SAFFRON, quantity: 2 }]);
    expect(shop.cart.$cartCount.get()).toBe(2);
  });

  it('reads a stored quantity over 99 as 99 and drops a price no pack has, so totals stay finite', async () => {
    browser = installBrowser({
      seed: {
        cart: [
          { ...SAFFRON, quantity: 109_109_359 },
          { ...CUMIN, price: 1.647606723509685e298, quantity: 1 },
        ],
      },
    });
    shop = await loadShop();
    expect(shop.cart.$cart.get()).toEqual([{ ...SAFFRON, quantity: 99 }]);
    expect(shop.cart.$cartTotal.get()).toBe(1286.01);
  });

  it('takes a price of up to a million dollars alike in the cart and the wishlist', async () => {
    // The cart's rule is written out for the checkout guard; the wishlist's is the shared one.
    const kept = { ...SAFFRON, price: 1_000_000 };
    const dropped = { ...CUMIN, price: 1_000_000.01 };
    browser = installBrowser({
      seed: {
        cart: [
          { ...kept, quantity: 1 },
          { ...dropped, quantity: 1 },
        ],
        wishlist: [kept, dropped],
      },
    });
    shop = await loadShop();
    expect(shop.cart.$cart.get().map((line) => line.id)).toEqual([kept.id]);
    expect(shop.wishlist.$wishlist.get().map((item) => item.id)).toEqual([kept.id]);
  });
});

describe('quantities and undo', () => {
  it('adds a chosen quantity, and never more than 99 of one pack', () => {
    shop.cart.addToCart(SAFFRON, 3);
    expect(shop.cart.$cart.get()).toEqual([{ ...SAFFRON, quantity: 3 }]);
    shop.cart.addToCart(SAFFRON, 4);
    expect(shop.cart.$cart.get()[0]?.quantity).toBe(7);
    shop.cart.addToCart(SAFFRON, 500);
    expect(shop.cart.$cart.get()[0]?.quantity).toBe(99);
    shop.cart.setQuantity(SAFFRON, 150);
    expect(shop.cart.$cart.get()[0]?.quantity).toBe(99);
    expect(shop.cart.addToCart(CUMIN, 0)).toEqual({ saved: false });
    expect(shop.cart.addToCart(CUMIN, Number.NaN)).toEqual({ saved: false });
    expect(shop.cart.$cart.get()).toHaveLength(1);
  });

  it('puts a removed line back where it was, with its quantity', () => {
    shop.cart.addToCart(SAFFRON, 2);
    shop.cart.addToCart(CUMIN, 5);
    const [first] = shop.cart.$cart.get();
    shop.cart.removeFromCart(SAFFRON);
    expect(shop.cart.restoreLine(first!, 0)).toEqual({ saved: true });
    expect(shop.cart.$cart.get()).toEqual([
      { ...SAFFRON, quantity: 2 },
      { ...CUMIN, quantity: 5 },
    ]);
    expect(stored(browser, 'cart')).toEqual(shop.cart.$cart.get());
  });

  it('adds the removed quantity to the line when the product came back in the meantime', () => {
    shop.cart.addToCart(SAFFRON, 2);
    const [line] = shop.cart.$cart.get();
    shop.cart.setQuantity(SAFFRON, 0);
    shop.cart.addToCart(SAFFRON);
    shop.cart.restoreLine(line!, 0);
    expect(shop.cart.$cart.get()).toEqual([{ ...SAFFRON, quantity: 3 }]);
  });

  it('refuses to restore something that is not a cart line', () => {
    expect(
      shop.cart.restoreLine(
        { id: '', productId: 'x', pack: '', name: 'x', price: 1, image: '', quantity: 1 },
        0,
      ),
    ).toEqual({
      saved: false,
    });
    expect(shop.cart.$cart.get()).toEqual([]);
  });
});

describe('cart arithmetic (property-based)', () => {
  const price = fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100);
  const lines = fc.uniqueArray(
    fc.record({
      id: fc.string({ minLength: 1 }),
      productId: fc.string({ minLength: 1 }),
      pack: fc.string(),
      name: fc.string(),
      price,
      image: fc.constant(''),
      quantity: fc.integer({ min: 1, max: 1000 }),
    }),
    { selector: (line) => line.id, maxLength: 40 },
  );

  it('totals any cart exactly: the total in cents is the sum of whole-cent line totals', () => {
    fc.assert(
      fc.property(lines, (cart) => {
        const cents = cart.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);
        const total = shop.cart.cartTotal(cart);
        expect(total).toBe(cents / 100);
        expect(Math.round(total * 100)).toBe(cents);
        const sumOfLines = cart.reduce((sum, line) => sum + Math.round(shop.cart.lineTotal(line) * 100), 0);
        expect(sumOfLines).toBe(cents);
      }),
    );
  });

  it('keeps count and total in step with any sequence of cart actions', () => {
    const products = fc.constantFrom(
      SAFFRON,
      CUMIN,
      { ...SAFFRON, id: 'clove:50 g', productId: 'clove', pack: '50 g', price: 0.1 },
      { ...SAFFRON, id: 'mace:25 g', productId: 'mace', pack: '25 g', price: 0.2 },
    );
    const action = fc.oneof(
      products.map((product) => ({ kind: 'add' as const, product })),
      fc.record({
        kind: fc.constant('set' as const),
        product: products,
        quantity: fc.integer({ min: -2, max: 50 }),
      }),
      products.map((product) => ({ kind: 'remove' as const, product })),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        shop.cart.clearCart();
        const model = new Map<string, { price: number; quantity: number }>();
        for (const step of actions) {
          const { id, price: unit } = step.product;
          if (step.kind === 'add') {
            shop.cart.addToCart(step.product);
            model.set(id, { price: unit, quantity: (model.get(id)?.quantity ?? 0) + 1 });
          } else if (step.kind === 'remove' || step.quantity <= 0) {
            shop.cart.removeFromCart(step.product);
            model.delete(id);
          } else {
            shop.cart.setQuantity(step.product, step.quantity);
            if (model.has(id)) model.set(id, { price: unit, quantity: step.quantity });
          }
        }
        const entries = [...model.values()];
        expect(shop.cart.$cartCount.get()).toBe(entries.reduce((sum, e) => sum + e.quantity, 0));
        expect(shop.cart.$cartTotal.get() * 100).toBeCloseTo(
          entries.reduce((sum, e) => sum + Math.round(e.price * 100) * e.quantity, 0),
          6,
        );
        expect(Number.isInteger(Math.round(shop.cart.$cartTotal.get() * 100))).toBe(true);
        expect(stored(browser, 'cart')).toEqual(shop.cart.$cart.get());
      }),
    );
  });
});

describe("today's prices", () => {
  it('reprices lines, removes sold-out ones, reports both, and leaves lines the shop did not price', async () => {
    const shop = await loadShop();
    shop.cart.addToCart(SAFFRON);
    shop.cart.addToCart(CUMIN);
    shop.cart.addToCart({ ...CUMIN, id: 'cumin-seeds:250 g', pack: '250 g', name: 'Cumin Seeds (250 g)' });
    const result = shop.cart.applyTodaysPrices([
      { productId: SAFFRON.productId, pack: SAFFRON.pack, price: 10.39, inStock: true },
      { productId: CUMIN.productId, pack: CUMIN.pack, price: 4.5, inStock: false },
    ]);
    expect(result).toEqual({
      saved: true,
      changes: [
        { id: SAFFRON.id, name: SAFFRON.name, change: 'price', was: 12.99, now: 10.39 },
        { id: CUMIN.id, name: CUMIN.name, change: 'sold-out' },
      ],
    });
    expect(shop.cart.$cart.get().map((line) => [line.id, line.price])).toEqual([
      [SAFFRON.id, 10.39],
      ['cumin-seeds:250 g', 4.5],
    ]);
  });

  it('lowers a line asking for more than is left to what is left, and reports it', async () => {
    const shop = await loadShop();
    shop.cart.addToCart(SAFFRON, 4);
    shop.cart.addToCart(CUMIN, 2);
    const result = shop.cart.applyTodaysPrices([
      { productId: SAFFRON.productId, pack: SAFFRON.pack, price: 12.99, inStock: true, available: 3 },
      { productId: CUMIN.productId, pack: CUMIN.pack, price: 4.5, inStock: true, available: 2 },
    ]);
    expect(result).toEqual({
      saved: true,
      changes: [{ id: SAFFRON.id, name: SAFFRON.name, change: 'fewer-left', left: 3 }],
    });
    expect(shop.cart.$cart.get().map((line) => [line.id, line.quantity])).toEqual([
      [SAFFRON.id, 3],
      [CUMIN.id, 2],
    ]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMAND_LINE } from '#src/server/orders/fulfilment.ts';
import { addCode } from '#src/server/discounts/manage.ts';
import { ADDRESS, installBrowser, loadShop, stored, type FakeBrowser, type Shop } from './browser.ts';
import { catalogue, installShopApi, type FakeShopApi } from './shopApi.ts';

let browser: FakeBrowser;
let shop: Shop;
let api: FakeShopApi;

const PRODUCTS = catalogue({
  'kashmiri-saffron': [
    'Kashmiri Saffron',
    [
      ['1 g', 12.99],
      ['2 g', 24],
    ],
  ],
  'cumin-seeds': ['Cumin Seeds', [['100 g', 4.5]]],
  'black-lime': ['Black Lime', [['50 g', 8]], false],
});
const line = (productId: string, pack: string, name: string, price: number) => ({
  id: `${productId}:${pack}`,
  productId,
  pack,
  name,
  price,
  image: `/_astro/${productId}-thumb.webp`,
});

beforeEach(async () => {
  browser = installBrowser();
  api = installShopApi(PRODUCTS);
  shop = await loadShop();
  await shop.signIn.requestCode('+1 415 555 0100');
  await shop.signIn.verifyCode('+1 415 555 0100', '123456');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await api.close();
});

const cartLines = () =>
  shop.cart.$cart.get().map((entry) => [entry.id, entry.quantity, entry.price, entry.image]);

describe('buy again', () => {
  it("puts an order's lines back at today's prices, as many as are left, naming what cannot be had", async () => {
    await api.store.changeStock({ productId: 'kashmiri-saffron', pack: '2 g', change: 'set', amount: 1 }, '');
    const result = await shop.buyAgain.buyAgain([
      { productId: 'kashmiri-saffron', pack: '2 g', name: 'Kashmiri Saffron (2 g)', quantity: 3, price: 20 },
      { productId: 'cumin-seeds', pack: '100 g', name: 'Cumin Seeds (100 g)', quantity: 2, price: 4 },
      { productId: 'black-lime', pack: '50 g', name: 'Black Lime (50 g)', quantity: 1, price: 8 },
      { productId: 'cumin-seeds', pack: '1 kg', name: 'Cumin Seeds (1 kg)', quantity: 1, price: 30 },
      { productId: 'long-gone', pack: '10 g', name: 'Long Gone (10 g)', quantity: 1, price: 3 },
      { name: 'An order kept before lines named their product', quantity: 1, price: 3 },
    ]);
    expect(result).toEqual({
      ok: true,
      added: 3,
      missing: [
        { name: 'Black Lime (50 g)', reason: 'sold out' },
        { name: 'Cumin Seeds (1 kg)', reason: 'no longer sold' },
        { name: 'Long Gone (10 g)', reason: 'no longer sold' },
        { name: 'An order kept before lines named their product', reason: 'no longer sold' },
      ],
    });
    expect(cartLines()).toEqual([
      ['kashmiri-saffron:2 g', 1, 24, '/_astro/kashmiri-saffron-thumb.webp'],
      ['cumin-seeds:100 g', 2, 4.5, '/_astro/cumin-seeds-thumb.webp'],
    ]);
  });

  it('adds nothing while the shop cannot be reached', async () => {
    api.offline = true;
    const result = await shop.buyAgain.buyAgain([
      { productId: 'cumin-seeds', pack: '100 g', name: 'Cumin Seeds (100 g)', quantity: 2, price: 4 },
    ]);
    expect(result).toEqual({ ok: false });
    expect(cartLines()).toEqual([]);
  });
});

describe('recently viewed', () => {
  it('keeps the last 8 products opened here, newest first, each once', () => {
    const { noteViewed, $recentlyViewed } = shop.recentlyViewed;
    for (const id of ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8', 'i9']) noteViewed(id);
    noteViewed('c3');
    expect($recentlyViewed.get()).toEqual(['c3', 'i9', 'h8', 'g7', 'f6', 'e5', 'd4', 'b2']);
    expect(stored(browser, 'recentlyViewed')).toEqual($recentlyViewed.get());
    noteViewed('Not An Id!');
    expect($recentlyViewed.get()).toHaveLength(8);
  });

  it('reads a corrupt or foreign copy as what it can use', async () => {
    browser.storage.data.set(
      'recentlyViewed',
      JSON.stringify(['cumin-seeds', 42, 'cumin-seeds', '<script>', 'amchur']),
    );
    shop = await loadShop();
    expect(shop.recentlyViewed.$recentlyViewed.get()).toEqual(['cumin-seeds', 'amchur']);
    browser.storage.data.set('recentlyViewed', '{not json');
    shop = await loadShop();
    expect(shop.recentlyViewed.$recentlyViewed.get()).toEqual([]);
  });
});

describe('a discount code at checkout', () => {
  beforeEach(async () => {
    await addCode(api.store, { code: 'TENOFF', percent: '10', min: '20', perAccount: '1' }, COMMAND_LINE);
    shop.cart.addToCart(line('kashmiri-saffron', '2 g', 'Kashmiri Saffron (2 g)', 24));
  });

  it('is checked by the shop in any case, priced here by the same rule, and placed with the order', async () => {
    expect(await shop.discount.applyDiscountCode('tenoff')).toMatchObject({ ok: true });
    expect(shop.discount.$discount.get()).toMatchObject({ amount: 2.4, total: 21.6 });
    const placed = await shop.orders.placeOrder(ADDRESS, {
      discount: shop.discount.$discountTerms.get(),
      gift: { note: 'Happy birthday, Mira!' },
    });
    expect(placed).toMatchObject({
      ok: true,
      order: {
        total: 21.6,
        discount: { code: 'TENOFF', amount: 2.4 },
        gift: { note: 'Happy birthday, Mira!' },
      },
    });
    // The same account again: refused, saying why.
    shop.cart.addToCart(line('kashmiri-saffron', '2 g', 'Kashmiri Saffron (2 g)', 24));
    expect(await shop.discount.applyDiscountCode('TENOFF')).toEqual({
      ok: false,
      reason: 'refused',
      message: 'You have already used the code TENOFF: it is one use per customer.',
    });
  });

  it('stops applying when the cart falls under its minimum, and says by how much', async () => {
    await shop.discount.applyDiscountCode('TENOFF');
    shop.cart.setQuantity({ productId: 'kashmiri-saffron', pack: '2 g' }, 0);
    shop.cart.addToCart(line('cumin-seeds', '100 g', 'Cumin Seeds (100 g)', 4.5));
    expect(shop.discount.$discount.get()).toMatchObject({
      amount: 0,
      total: 4.5,
      short: 'The code TENOFF needs a subtotal of $20.00: add $15.50 more.',
    });
    const placed = await shop.orders.placeOrder(ADDRESS, { discount: shop.discount.$discountTerms.get() });
    expect(placed).toEqual({
      ok: false,
      reason: 'code-refused',
      message: 'The code TENOFF needs a subtotal of $20.00: add $15.50 more.',
    });
  });

  it('is refused when the shop used its last use meanwhile, and nothing is placed', async () => {
    await addCode(api.store, { code: 'LAST', amount: '5', uses: '1' }, COMMAND_LINE);
    await shop.discount.applyDiscountCode('last');
    // Another shopper takes the last use.
    await api.store.placeOrder({
      userId: 'someone-else',
      phone: '+14155550111',
      address: { name: 'B', street: '1 St', city: 'Pune', state: '', zip: '', country: 'India', phone: '' },
      lines: [
        {
          productId: 'cumin-seeds',
          pack: '100 g',
          name: 'Cumin Seeds (100 g)',
          quantity: 2,
          priceCents: 450,
        },
      ],
      totalCents: 400,
      idempotencyKey: 'another-shoppers-order-0001',
      requestHash: 'x',
      discount: { code: 'LAST', cents: 500 },
    });
    const placed = await shop.orders.placeOrder(ADDRESS, { discount: shop.discount.$discountTerms.get() });
    expect(placed).toEqual({
      ok: false,
      reason: 'code-refused',
      message: 'The code LAST has been used as often as it allows: it is used up.',
    });
    expect(shop.cart.$cart.get()).toHaveLength(1);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADDRESS,
  CUMIN,
  SAFFRON,
  installBrowser,
  loadShop,
  stored,
  type FakeBrowser,
  type Shop,
} from './browser.ts';
import { catalogue, installShopApi, type FakeShopApi } from './shopApi.ts';

let browser: FakeBrowser;
let shop: Shop;

const NOW = new Date(2026, 4, 14, 10, 30).getTime();

const PRODUCTS = catalogue({
  'kashmiri-saffron': ['Kashmiri Saffron', [['1 g', 12.99]]],
  'cumin-seeds': ['Cumin Seeds', [['100 g', 4.5]]],
  'black-lime': ['Black Lime', [['50 g', 8]], false],
});
let api: FakeShopApi;
/** The signed-in shopper, as the shop described them. */
let user: NonNullable<ReturnType<Shop['auth']['$user']['get']>>;
const PHONE = '+1 415 555 0100';

beforeEach(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  browser = installBrowser();
  api = installShopApi(PRODUCTS);
  shop = await loadShop();
  await shop.signIn.requestCode(PHONE);
  await shop.signIn.verifyCode(PHONE, '123456');
  user = shop.auth.$user.get()!;
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await api.close();
});

function fillCart() {
  shop.cart.addToCart(SAFFRON);
  shop.cart.addToCart(SAFFRON);
  shop.cart.addToCart(CUMIN);
}

const sentBodies = () =>
  Promise.all(
    api.requests
      .filter((request) => request.method === 'POST' && new URL(request.url).pathname === '/api/v1/orders')
      .map(async (request) => ({
        key: request.headers.get('Idempotency-Key'),
        body: (await request.json()) as unknown,
      })),
  );

describe('placing an order', () => {
  it("sends what the shopper chose and keeps the shop's order in the stored shape, first in orders", async () => {
    fillCart();
    const abroad = { ...ADDRESS, country: 'United Kingdom' };
    const result = await shop.orders.placeOrder(abroad);
    const expected = {
      id: expect.stringMatching(/^ORD-\d+$/),
      date: 'May 14, 2026',
      total: 30.48,
      status: 'processing',
      items: [
        { productId: SAFFRON.productId, pack: SAFFRON.pack, name: SAFFRON.name, quantity: 2, price: 12.99 },
        { productId: CUMIN.productId, pack: CUMIN.pack, name: CUMIN.name, quantity: 1, price: 4.5 },
      ],
      address: abroad,
      userId: user.id,
      payment: { method: 'delivery', status: 'pending' },
    };
    expect(result).toEqual({ ok: true, order: expected, saved: true });
    expect(stored(browser, 'orders')).toEqual([expected]);
    const [sent] = await sentBodies();
    expect(sent?.body).toEqual({
      items: [
        { productId: 'kashmiri-saffron', pack: '1 g', quantity: 2 },
        { productId: 'cumin-seeds', pack: '100 g', quantity: 1 },
      ],
      address: {
        name: 'Asha Rao',
        street: '12 Spice Lane',
        city: 'Portland',
        state: 'OR',
        zip: '97201',
        country: 'United Kingdom',
        phone: '',
      },
      total: 30.48,
      paymentMethod: 'delivery',
    });
    expect(sent?.key).toMatch(/^[\w-]{16,}$/);
    const [inShop] = await api.store.recentOrders(10);
    expect(result.ok && inShop?.id).toBe(result.ok && result.order.id);
    // The country travels with the order: the shop keeps it.
    expect(inShop?.address.country).toBe('United Kingdom');
  });

  it('clears the cart', async () => {
    fillCart();
    await shop.orders.placeOrder(ADDRESS);
    expect(shop.cart.$cart.get()).toEqual([]);
    expect(stored(browser, 'cart')).toEqual([]);
  });

  it('gives an account with no name the name typed for the delivery, on the shop and in `user`', async () => {
    fillCart();
    await shop.orders.placeOrder(ADDRESS);
    expect(shop.auth.$user.get()?.name).toBe('Asha Rao');
    expect(stored(browser, 'user')).toMatchObject({ name: 'Asha Rao' });
    expect((await api.store.accountForPhone(user.phone)).name).toBe('Asha Rao');
  });

  it('keeps the name an account already has', async () => {
    await shop.auth.saveProfile({ name: 'Asha R.' });
    fillCart();
    await shop.orders.placeOrder({ ...ADDRESS, name: 'Someone Else' });
    expect(shop.auth.$user.get()?.name).toBe('Asha R.');
  });

  it('puts the newest order first', async () => {
    shop.cart.addToCart(SAFFRON);
    const first = await shop.orders.placeOrder(ADDRESS);
    vi.setSystemTime(NOW + 60_000);
    shop.cart.addToCart(CUMIN);
    const second = await shop.orders.placeOrder(ADDRESS);
    const ids = shop.orders.$orders.get().map((order) => order.id);
    expect(first.ok && second.ok && ids).toEqual([second.ok && second.order.id, first.ok && first.order.id]);
  });

  it('charges the catalogue price, not a price edited in storage', async () => {
    browser = installBrowser({ seed: { user, cart: [{ ...SAFFRON, price: 0.01, quantity: 1 }] } });
    shop = await loadShop();
    const result = await shop.orders.placeOrder(ADDRESS);
    expect(result).toMatchObject({
      ok: false,
      reason: 'changed',
      changes: [{ id: SAFFRON.id, change: 'price', was: 0.01, now: 12.99 }],
    });
    expect(shop.cart.$cart.get()).toEqual([{ ...SAFFRON, quantity: 1 }]);
    expect(await api.store.recentOrders(10)).toEqual([]);
    const again = await shop.orders.placeOrder(ADDRESS);
    expect(again.ok && again.order.total).toBe(12.99);
  });

  /** A pack the shop has sold out of. */
  const BLACK_LIME = {
    id: 'black-lime:50 g',
    productId: 'black-lime',
    pack: '50 g',
    name: 'Black Lime (50 g)',
    price: 8,
    image: '',
  };

  it('takes a sold-out line out of the cart and places nothing', async () => {
    shop.cart.addToCart(BLACK_LIME);
    shop.cart.addToCart(CUMIN);
    const result = await shop.orders.placeOrder(ADDRESS);
    expect(result).toMatchObject({
      ok: false,
      reason: 'changed',
      message: expect.stringMatching(/Black Lime/),
      changes: [{ id: BLACK_LIME.id, change: 'sold-out' }],
    });
    expect(shop.cart.$cart.get().map((line) => line.id)).toEqual([CUMIN.id]);
    expect(await api.store.recentOrders(10)).toEqual([]);
  });

  it("matches the shop's answer to cart lines by product and pack, whatever their ids say", async () => {
    const LIME = { ...BLACK_LIME, id: 'lime-from-an-old-tab', name: 'Lime' };
    shop.cart.addToCart(LIME);
    shop.cart.addToCart({ ...CUMIN, id: 'cumin', price: 0.01 });
    const result = await shop.orders.placeOrder(ADDRESS);
    expect(result).toMatchObject({
      ok: false,
      reason: 'changed',
      changes: [
        { id: LIME.id, change: 'sold-out' },
        { id: 'cumin', change: 'price', was: 0.01, now: CUMIN.price },
      ],
    });
    expect(shop.cart.$cart.get()).toEqual([{ ...CUMIN, id: 'cumin', quantity: 1 }]);
  });

  it('keeps the cart when the shop cannot be reached, and retries with the same key', async () => {
    fillCart();
    api.offline = true;
    const failed = await shop.orders.placeOrder(ADDRESS);
    expect(failed).toEqual({
      ok: false,
      reason: 'failed',
      message: expect.stringMatching(/placed only once/),
    });
    expect(shop.cart.$cartCount.get()).toBe(3);
    expect(stored(browser, 'orders')).toBeUndefined();
    api.offline = false;
    const retried = await shop.orders.placeOrder(ADDRESS);
    expect(retried.ok).toBe(true);
    shop.cart.addToCart(CUMIN);
    await shop.orders.placeOrder(ADDRESS);
    const [offline, retry, next] = (await sentBodies()).map((sent) => sent.key);
    expect(retry).toBe(offline);
    expect(next).not.toBe(offline);
    expect(await api.store.recentOrders(10)).toHaveLength(2);
  });

  it('retries with the same key from another tab within a day, and with a new one after it', async () => {
    fillCart();
    api.offline = true;
    await shop.orders.placeOrder(ADDRESS);
    // Another tab of the same browser, the next morning: the same order, the same key.
    shop = await loadShop();
    vi.setSystemTime(NOW.valueOf() + 23 * 3_600_000);
    await shop.orders.placeOrder(ADDRESS);
    // Two days on, the same cart placed again is a new order.
    vi.setSystemTime(NOW.valueOf() + 48 * 3_600_000);
    shop = await loadShop();
    await shop.orders.placeOrder(ADDRESS);
    const [first, nextMorning, twoDaysOn] = (await sentBodies()).map((sent) => sent.key);
    expect(nextMorning).toBe(first);
    expect(twoDaysOn).not.toBe(first);
  });

  it('places the order with a new key whatever shape the kept one is in', async () => {
    const garbage = ['{not json', '"a key"', '{"request":1,"key":"k","at":0}', '{"request":"r","key":"k"}'];
    for (const stored of garbage) {
      browser.storage.setItem('pendingOrder', stored);
      shop = await loadShop();
      fillCart();
      expect((await shop.orders.placeOrder(ADDRESS)).ok, stored).toBe(true);
    }
    const keys = (await sentBodies()).map((sent) => sent.key);
    expect(keys.every((key) => /^[0-9a-f-]{36}$/.test(key ?? ''))).toBe(true);
    expect(new Set(keys).size).toBe(garbage.length);
    expect(browser.storage.getItem('pendingOrder'), 'forgotten once placed').toBeNull();
  });

  it('says what the shop answered when it refuses, and keeps the cart', async () => {
    shop.cart.addToCart({ ...CUMIN, id: 'cumin-seeds:5 kg', pack: '5 kg' });
    const result = await shop.orders.placeOrder(ADDRESS);
    expect(result).toEqual({
      ok: false,
      reason: 'failed',
      message: expect.stringMatching(/^Line 1: Cumin Seeds comes in/),
    });
    expect(shop.cart.$cartCount.get()).toBe(1);
  });

  it('is refused for a visitor, an empty cart or no address, without asking the shop', async () => {
    expect(await shop.orders.placeOrder(ADDRESS)).toEqual({ ok: false, reason: 'empty-cart' });
    shop.cart.addToCart(SAFFRON);
    expect(await shop.orders.placeOrder({ ...ADDRESS, id: '' })).toEqual({ ok: false, reason: 'no-address' });
    await shop.auth.logout();
    expect(await shop.orders.placeOrder(ADDRESS)).toEqual({ ok: false, reason: 'signed-out' });
    expect(shop.cart.$cart.get()).toHaveLength(1);
    expect(browser.storage.getItem('orders')).toBeNull();
    expect(await sentBodies()).toEqual([]);
  });

  it('keeps the stored cart when storage refuses the order', async () => {
    fillCart();
    const cartBefore = browser.storage.getItem('cart');
    browser.storage.fill();
    const result = await shop.orders.placeOrder(ADDRESS);
    expect(result.ok && result.saved).toBe(false);
    expect(shop.orders.$myOrders.get()).toHaveLength(1);
    expect(shop.cart.$cart.get()).toEqual([]);
    expect(browser.storage.getItem('cart')).toBe(cartBefore);
    expect(browser.storage.getItem('orders')).toBeNull();
  });
});

describe('my orders', () => {
  it("lists only the signed-in user's orders, newest first, and none for a visitor", async () => {
    const order = (id: string, userId: string) => ({
      id,
      date: 'May 1, 2026',
      total: 5,
      status: 'processing',
      items: [{ name: 'Clove (50 g)', quantity: 1, price: 5 }],
      address: ADDRESS,
      userId,
    });
    browser = installBrowser({
      seed: {
        user,
        orders: [order('ORD-3', user.id), order('ORD-2', 'someone-else'), order('ORD-1', user.id)],
      },
    });
    shop = await loadShop();
    expect(shop.orders.$myOrders.get().map((o) => o.id)).toEqual(['ORD-3', 'ORD-1']);
    await shop.auth.logout();
    expect(shop.orders.$myOrders.get()).toEqual([]);
  });

  it('finds any order by id, whoever placed it', async () => {
    browser = installBrowser({
      seed: {
        orders: [
          { id: 'ORD-9', date: 'x', total: 2, status: 'shipped', items: [], address: {}, userId: 'z' },
        ],
      },
    });
    shop = await loadShop();
    expect(shop.orders.findOrder(' ORD-9 ')?.status).toBe('shipped');
    expect(shop.orders.findOrder('ORD-10')).toBeUndefined();
  });

  it('labels processing, shipped and delivered, and anything else as Processing', () => {
    expect(shop.orders.statusLabel('processing')).toBe('Order Processing');
    expect(shop.orders.statusLabel('shipped')).toBe('Shipped');
    expect(shop.orders.statusLabel('delivered')).toBe('Delivered');
    expect(shop.orders.statusLabel('on hold')).toBe('Processing');
    expect(shop.orders.statusLabel('constructor')).toBe('Processing');
  });

  it('styles the badge: delivered default, shipped secondary, the rest outline', () => {
    expect(['delivered', 'shipped', 'processing', 'lost'].map(shop.orders.statusTone)).toEqual([
      'default',
      'secondary',
      'outline',
      'outline',
    ]);
  });
});

describe('tracking', () => {
  async function withOrder(status: string) {
    browser = installBrowser({
      seed: {
        orders: [
          { id: 'ORD-5', date: 'May 10, 2026', total: 9, status, items: [], address: ADDRESS, userId: '1' },
        ],
      },
    });
    shop = await loadShop();
    // The shop cannot be reached: the order this browser keeps answers.
    api.offline = true;
    const tracked = await shop.tracking.lookUpOrder('ORD-5');
    if (typeof tracked === 'string') throw new Error(`ORD-5 was not tracked from this browser: ${tracked}`);
    return tracked;
  }

  it('answers a known order with the two-entry timeline and its delivery window in business days', async () => {
    expect(await withOrder('shipped')).toEqual({
      orderId: 'ORD-5',
      status: 'shipped',
      statusLabel: 'Shipped',
      estimatedDelivery: 'Between May 14, 2026 and May 19, 2026',
      updates: [
        { date: 'May 10, 2026', status: 'Order Placed', location: 'Order received' },
        { date: 'May 14, 2026', status: 'Shipped', location: 'Current status' },
      ],
      toCome: [{ status: 'Delivered', location: 'It reaches your door' }],
      found: true,
      country: '',
    });
  });

  it('counts the window from the order date in business days, whatever today is', async () => {
    vi.setSystemTime(new Date(2026, 11, 24));
    expect((await withOrder('processing')).estimatedDelivery).toBe('Between May 14, 2026 and May 19, 2026');
    // Placed on a Friday at a month's end: the weekend does not count.
    expect(shop.tracking.deliveryEstimate(new Date(2026, 0, 30, 12))).toBe(
      'Between February 5, 2026 and February 10, 2026',
    );
    expect(shop.tracking.deliveryEstimate(new Date(2026, 0, 30), new Date(2026, 1, 3))).toBe(
      'Delivered on February 3, 2026',
    );
    // Abroad, 8 to 16 business days; no country (an older order) and the shop's own, 4 to 7.
    const to = (country: string) =>
      shop.tracking.deliveryEstimate(new Date(2026, 0, 30, 12), undefined, country);
    expect(to('United Kingdom')).toBe('Between February 11, 2026 and February 23, 2026');
    expect(to('Canada')).toBe(to('United Kingdom'));
    expect(to('')).toBe(to('United States'));
    expect(to('United States')).toBe('Between February 5, 2026 and February 10, 2026');
    // Headed as what it is: an estimate until the order is delivered.
    expect(shop.tracking.deliveryHeading({ status: 'shipped' })).toBe('Estimated Delivery');
    expect(shop.tracking.deliveryHeading({ status: 'delivered' })).toBe('Delivery');
  });

  it('answers an empty id as not found', async () => {
    expect(await shop.tracking.lookUpOrder('  ')).toMatchObject({ found: false });
  });

  it('answers an unknown id with Not Found, N/A and one undated entry asking to check the id', async () => {
    expect(await shop.tracking.lookUpOrder('ORD-12345')).toEqual({
      orderId: 'ORD-12345',
      status: 'Not Found',
      statusLabel: 'Not Found',
      estimatedDelivery: 'N/A',
      updates: [{ date: '', status: 'Order not found', location: 'Please check your order ID' }],
      toCome: [],
      found: false,
    });
  });
});

describe('tracking with the shop', () => {
  async function placeWith(phone: string) {
    shop.cart.addToCart(CUMIN);
    const placed = await shop.orders.placeOrder(ADDRESS);
    if (!placed.ok) throw new Error('not placed');
    return { id: placed.order.id, phone };
  }

  it("shows the shop's real events, from any browser, with the order id and the phone however written", async () => {
    const { id } = await placeWith(PHONE);
    vi.setSystemTime(NOW + 86_400_000);
    await api.store.moveOrder(id, 'shipped');
    browser = installBrowser();
    api.cookie = '';
    shop = await loadShop();
    expect(await shop.tracking.lookUpOrder(id, { phone: '+1 (415) 555-0100' })).toEqual({
      orderId: id,
      status: 'shipped',
      statusLabel: 'Shipped',
      payment: 'Pay on delivery',
      estimatedDelivery: 'Between May 20, 2026 and May 25, 2026',
      updates: [
        { date: 'May 14, 2026', status: 'Order Placed', location: 'Order received' },
        { date: 'May 15, 2026', status: 'Shipped', location: 'On its way to you' },
      ],
      toCome: [{ status: 'Delivered', location: 'It reaches your door' }],
      found: true,
      // Sent without a country, the order goes within the shop's own.
      country: 'United States',
    });
  });

  it('gives an order abroad its country and the window the shipping page gives abroad', async () => {
    // A week on (the shop's clock only goes forward): Thursday 21 May 2026.
    vi.setSystemTime(NOW + 7 * 86_400_000);
    shop.cart.addToCart(CUMIN);
    const placed = await shop.orders.placeOrder({ ...ADDRESS, country: 'United Kingdom' });
    if (!placed.ok) throw new Error('not placed');
    browser = installBrowser();
    api.cookie = '';
    shop = await loadShop();
    // 8 to 16 business days, where the home window is 4 to 7.
    expect(await shop.tracking.lookUpOrder(placed.order.id, { phone: PHONE })).toMatchObject({
      country: 'United Kingdom',
      estimatedDelivery: 'Between June 2, 2026 and June 12, 2026',
    });
  });

  it('answers Not Found for a wrong phone, and the order kept here when the shop is unreachable', async () => {
    const { id } = await placeWith(PHONE);
    expect(await shop.tracking.lookUpOrder(id, { phone: '+1 000 000 0000' })).toMatchObject({ found: true });
    browser = installBrowser();
    api.cookie = '';
    shop = await loadShop();
    expect(await shop.tracking.lookUpOrder(id, { phone: '+1 000 000 0000' })).toMatchObject({
      status: 'Not Found',
      found: false,
    });
    api.offline = true;
    expect(await shop.tracking.lookUpOrder(id, { phone: PHONE })).toBe('unreachable');
  });

  it("tracks a signed-in owner's order by id alone, and sends the phone only in a header", async () => {
    const { id } = await placeWith(PHONE);
    expect(await shop.tracking.lookUpOrder(id)).toMatchObject({ orderId: id, found: true });
    browser = installBrowser();
    api.cookie = '';
    shop = await loadShop();
    await shop.tracking.lookUpOrder(id, { phone: PHONE });
    const lookup = api.requests.at(-1)!;
    expect(new URL(lookup.url).search).toBe('');
    expect(lookup.headers.get('X-Order-Phone')).toBe(PHONE);
  });

  it('loads My Orders from the shop with their statuses, and keeps them when offline', async () => {
    const { id } = await placeWith(PHONE);
    await api.store.moveOrder(id, 'shipped');
    expect(await shop.orders.loadMyOrders()).toEqual({ status: 'loaded', more: false });
    expect(shop.orders.$myOrders.get()[0]?.status).toBe('shipped');
    expect((stored(browser, 'orders') as { status: string }[])[0]?.status).toBe('shipped');
    await api.store.moveOrder(id, 'delivered');
    api.offline = true;
    expect(await shop.orders.loadMyOrders()).toEqual({ status: 'unreachable' });
    expect(shop.orders.$myOrders.get()[0]?.status).toBe('shipped');
  });

  it('reads the orders My Orders was drawn with as drawn, and keeps them with their days in this time zone', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Honolulu';
    try {
      const userId = shop.auth.$user.get()!.id;
      const order = {
        id: 'ORD-1747278000000',
        // Drawn in UTC by the server: 3 a.m. on May 15 there is still May 14 in Honolulu.
        date: 'May 15, 2026',
        placedAt: '2026-05-15T03:00:00.000Z',
        total: 6.5,
        status: 'shipped',
        items: [{ name: 'Cumin Seeds (100 g)', quantity: 1, price: 6.5 }],
        address: { name: 'Asha Rao', street: '214 Spice Mill Lane', city: 'San Francisco' },
        userId,
      };
      const drawn = { more: true, orders: [order, { id: '', total: 'lost' }] };
      expect(shop.orders.ordersAsDrawn(drawn)).toMatchObject([{ id: order.id, date: 'May 15, 2026' }]);
      shop.orders.keepDrawnOrders(drawn);
      expect(shop.orders.$myOrders.get()).toMatchObject([
        { id: order.id, date: 'May 14, 2026', status: 'shipped' },
      ]);
      expect(stored(browser, 'orders')).toMatchObject([{ id: order.id, date: 'May 14, 2026' }]);
    } finally {
      process.env.TZ = zone;
    }
  });

  it("brings the account's orders to another browser, 20 a page, newest first", async () => {
    for (let n = 0; n < 22; n += 1) {
      vi.setSystemTime(NOW + n * 1000);
      await placeWith(PHONE);
    }
    browser = installBrowser();
    api.cookie = '';
    shop = await loadShop();
    await shop.signIn.requestCode(PHONE);
    await shop.signIn.verifyCode(PHONE, '123456');
    expect(await shop.orders.loadMyOrders()).toEqual({ status: 'loaded', more: true });
    expect(shop.orders.$myOrders.get()).toHaveLength(20);
    expect(await shop.orders.loadMyOrders(2)).toEqual({ status: 'loaded', more: false });
    const placed = (await api.store.recentOrders(50)).map((order) => order.id);
    expect(shop.orders.$myOrders.get().map((order) => order.id)).toEqual(placed);
  });

  it('says signed out when the session has ended, and the cart stays', async () => {
    shop.cart.addToCart(CUMIN);
    api.cookie = '';
    expect(await shop.orders.placeOrder(ADDRESS)).toEqual({ ok: false, reason: 'signed-out' });
    expect(shop.cart.$cartCount.get()).toBe(1);
    expect(shop.auth.hasSessionEnded()).toBe(true);
  });
});

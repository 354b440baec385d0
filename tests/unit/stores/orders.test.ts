import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CUMIN,
  SAFFRON,
  SHOPPER,
  installBrowser,
  loadShop,
  stored,
  type FakeBrowser,
  type Shop,
} from './browser';

let browser: FakeBrowser;
let shop: Shop;

const ADDRESS = {
  id: '1740000000000',
  label: '',
  name: 'Asha Rao',
  street: '12 Spice Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  country: '',
  phone: '',
};
const NOW = new Date(2026, 4, 14, 10, 30).getTime();

beforeEach(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  browser = installBrowser({ seed: { user: SHOPPER, users: [SHOPPER] } });
  shop = await loadShop();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function fillCart() {
  shop.cart.addToCart(SAFFRON);
  shop.cart.addToCart(SAFFRON);
  shop.cart.addToCart(CUMIN);
}

describe('placing an order', () => {
  it('creates a processing order in the spec shape with the user id, first in orders', () => {
    fillCart();
    const result = shop.orders.placeOrder(ADDRESS);
    const expected = {
      id: `ORD-${NOW}`,
      date: 'May 14, 2026',
      total: 30.48,
      status: 'processing',
      items: [
        { name: SAFFRON.name, quantity: 2, price: 12.99 },
        { name: CUMIN.name, quantity: 1, price: 4.5 },
      ],
      address: ADDRESS,
      userId: SHOPPER.id,
    };
    expect(result).toEqual({ ok: true, order: expected, saved: true });
    expect(stored(browser, 'orders')).toEqual([expected]);
  });

  it('clears the cart', () => {
    fillCart();
    shop.orders.placeOrder(ADDRESS);
    expect(shop.cart.$cart.get()).toEqual([]);
    expect(stored(browser, 'cart')).toEqual([]);
  });

  it('puts the newest order first', () => {
    shop.cart.addToCart(SAFFRON);
    const first = shop.orders.placeOrder(ADDRESS);
    vi.setSystemTime(NOW + 60_000);
    shop.cart.addToCart(CUMIN);
    const second = shop.orders.placeOrder(ADDRESS);
    const ids = shop.orders.$orders.get().map((order) => order.id);
    expect(first.ok && second.ok && ids).toEqual([`ORD-${NOW + 60_000}`, `ORD-${NOW}`]);
  });

  it('gives two orders placed in the same millisecond different ids', () => {
    shop.cart.addToCart(SAFFRON);
    shop.orders.placeOrder(ADDRESS);
    shop.cart.addToCart(CUMIN);
    shop.orders.placeOrder(ADDRESS);
    const ids = shop.orders.$orders.get().map((order) => order.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => /^ORD-\d+$/.test(id))).toBe(true);
  });

  it('does not reuse an id already stored by another tab', async () => {
    browser = installBrowser({
      seed: {
        user: SHOPPER,
        orders: [{ id: `ORD-${NOW}`, date: '', total: 1, status: 'processing', items: [], address: {} }],
      },
    });
    shop = await loadShop();
    shop.cart.addToCart(SAFFRON);
    const result = shop.orders.placeOrder(ADDRESS);
    expect(result.ok && result.order.id).toBe(`ORD-${NOW + 1}`);
  });

  it('charges the cart total: shipping is free and nothing is added', () => {
    fillCart();
    const cartTotal = shop.cart.$cartTotal.get();
    const result = shop.orders.placeOrder(ADDRESS);
    expect(result.ok && result.order.total).toBe(cartTotal);
  });

  it('totals exactly in cents', () => {
    shop.cart.addToCart({ ...SAFFRON, price: 0.1 });
    shop.cart.addToCart({ ...CUMIN, price: 0.2 });
    const result = shop.orders.placeOrder(ADDRESS);
    expect(result.ok && result.order.total).toBe(0.3);
  });

  it('is refused for a visitor, an empty cart or no address', () => {
    expect(shop.orders.placeOrder(ADDRESS)).toEqual({ ok: false, reason: 'empty-cart' });
    shop.cart.addToCart(SAFFRON);
    expect(shop.orders.placeOrder({ ...ADDRESS, id: '' })).toEqual({ ok: false, reason: 'no-address' });
    shop.auth.logout();
    expect(shop.orders.placeOrder(ADDRESS)).toEqual({ ok: false, reason: 'signed-out' });
    expect(shop.cart.$cart.get()).toHaveLength(1);
    expect(browser.storage.getItem('orders')).toBeNull();
  });

  it('keeps the stored cart when storage refuses the order', () => {
    fillCart();
    const cartBefore = browser.storage.getItem('cart');
    browser.storage.fill();
    const result = shop.orders.placeOrder(ADDRESS);
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
        user: SHOPPER,
        orders: [order('ORD-3', SHOPPER.id), order('ORD-2', 'someone-else'), order('ORD-1', SHOPPER.id)],
      },
    });
    shop = await loadShop();
    expect(shop.orders.$myOrders.get().map((o) => o.id)).toEqual(['ORD-3', 'ORD-1']);
    shop.auth.logout();
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
    return shop.orders.trackOrder('ORD-5');
  }

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

  it('answers a known order with the two-entry timeline and delivery 3 days from now', async () => {
    expect(await withOrder('shipped')).toEqual({
      orderId: 'ORD-5',
      status: 'shipped',
      statusLabel: 'Shipped',
      estimatedDelivery: 'May 17, 2026',
      updates: [
        { date: 'May 10, 2026', status: 'Order Placed', location: 'Order received' },
        { date: 'May 14, 2026', status: 'Shipped', location: 'Current status' },
      ],
      found: true,
    });
  });

  it('counts the 3 days in calendar days across a month end', async () => {
    vi.setSystemTime(new Date(2026, 0, 30, 23, 0));
    expect((await withOrder('processing')).estimatedDelivery).toBe('February 2, 2026');
  });

  it('answers an empty id as not found', () => {
    expect(shop.orders.trackOrder('  ').found).toBe(false);
  });

  it('answers an unknown id with Not Found, N/A and one entry asking to check the id', () => {
    expect(shop.orders.trackOrder('ORD-12345')).toEqual({
      orderId: 'ORD-12345',
      status: 'Not Found',
      statusLabel: 'Not Found',
      estimatedDelivery: 'N/A',
      updates: [{ date: 'May 14, 2026', status: 'Order not found', location: 'Please check your order ID' }],
      found: false,
    });
  });
});

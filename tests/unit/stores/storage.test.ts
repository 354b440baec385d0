import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUMIN, SAFFRON, installBrowser, loadShop, stored } from './browser.ts';
import { SHOPPER } from '../../support/shopData.ts';
import { catalogue, installShopApi } from './shopApi.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const LINE = { ...SAFFRON, quantity: 2 };

describe('loading', () => {
  it('touches no storage when the modules are imported', async () => {
    const browser = installBrowser({ seed: { cart: [LINE] } });
    await loadShop();
    expect(browser.storageAccesses()).toBe(0);
  });

  it('imports on the server, where there is no window, with empty values and works in memory', async () => {
    vi.stubGlobal('window', undefined);
    const shop = await loadShop();
    expect(shop.cart.$cart.get()).toEqual([]);
    expect(shop.auth.$user.get()).toBeNull();
    expect(shop.orders.$myOrders.get()).toEqual([]);
    expect(shop.cart.addToCart(SAFFRON)).toEqual({ saved: false });
    expect(shop.cart.$cartCount.get()).toBe(1);
  });

  it('reads a missing key, a value that is not JSON and a value of the wrong shape as empty', async () => {
    const browser = installBrowser({
      seed: { wishlist: '{not json', orders: '{"id":"ORD-1"}', user: '[1,2]', users: 'null' },
    });
    const shop = await loadShop();
    expect(shop.cart.$cart.get()).toEqual([]);
    expect(shop.wishlist.$wishlist.get()).toEqual([]);
    expect(shop.orders.$orders.get()).toEqual([]);
    expect(shop.auth.$user.get()).toBeNull();
    expect(browser.storage.writes).toBe(0);
  });

  it('drops the bad entries of a cart holding [7, null, {"id":1}] and keeps the good ones', async () => {
    installBrowser({ seed: { cart: '[7, null, {"id":1}]' } });
    expect((await loadShop()).cart.$cart.get()).toEqual([]);
    installBrowser({
      seed: { cart: [7, null, { id: 1 }, LINE, { ...CUMIN, quantity: 0 }, { ...LINE, quantity: 9 }] },
    });
    expect((await loadShop()).cart.$cart.get()).toEqual([LINE]);
  });

  it('leaves a damaged value as it is until the next write, which stores it repaired', async () => {
    const browser = installBrowser({ seed: { cart: [7, LINE, 'x'] } });
    const shop = await loadShop();
    expect(shop.cart.$cartCount.get()).toBe(2);
    expect(browser.storage.getItem('cart')).toBe(JSON.stringify([7, LINE, 'x']));
    shop.cart.addToCart(CUMIN);
    expect(stored(browser, 'cart')).toEqual([LINE, { ...CUMIN, quantity: 1 }]);
  });

  it('reads lines stored before lines carried their product and pack, and writes them with both', async () => {
    const older = (line: object) =>
      Object.fromEntries(Object.entries(line).filter(([key]) => key !== 'productId' && key !== 'pack'));
    const browser = installBrowser({
      seed: {
        cart: [older(LINE), { id: 'sumac', name: 'Sumac', price: 6, image: '', quantity: 1 }],
        wishlist: [older({ ...CUMIN, quantity: 1 })],
      },
    });
    const shop = await loadShop();
    expect(shop.cart.$cart.get()).toEqual([
      LINE,
      { id: 'sumac', productId: 'sumac', pack: '', name: 'Sumac', price: 6, image: '', quantity: 1 },
    ]);
    expect(shop.wishlist.$wishlist.get()).toEqual([CUMIN]);
    shop.cart.setQuantity({ productId: 'kashmiri-saffron', pack: '1 g' }, 5);
    expect(stored(browser, 'cart')).toEqual([
      { ...LINE, quantity: 5 },
      { id: 'sumac', productId: 'sumac', pack: '', name: 'Sumac', price: 6, image: '', quantity: 1 },
    ]);
    expect(
      shop.wishlist.isSaved(shop.wishlist.$wishlist.get(), { productId: 'cumin-seeds', pack: '100 g' }),
    ).toBe(true);
  });

  it('drops a line whose product or pack is there but not text, or whose product is empty', async () => {
    installBrowser({
      seed: {
        cart: [
          { ...LINE, productId: 7 },
          { ...CUMIN, quantity: 1, pack: null },
          { ...CUMIN, quantity: 1, productId: '' },
          { ...LINE, productId: undefined },
          { ...CUMIN, quantity: 3 },
        ],
      },
    });
    expect((await loadShop()).cart.$cart.get()).toEqual([{ ...CUMIN, quantity: 3 }]);
  });

  it('reads a numeric id written by older data as text', async () => {
    installBrowser({ seed: { wishlist: [{ id: 3, name: 'Sumac', price: 6, image: '' }] } });
    expect((await loadShop()).wishlist.$wishlist.get()[0]).toMatchObject({
      id: '3',
      productId: '3',
      pack: '',
    });
  });
});

describe('blocked storage', () => {
  it('keeps the shop working in memory and reports every write as not saved', async () => {
    installBrowser({ blocked: true, seed: { cart: [LINE] } });
    const api = installShopApi(catalogue({ 'kashmiri-saffron': ['Kashmiri Saffron', [['1 g', 12.99]]] }));
    const shop = await loadShop();
    expect(shop.cart.$cart.get()).toEqual([]);
    expect(shop.cart.addToCart(SAFFRON)).toEqual({ saved: false });
    expect(shop.wishlist.toggleWishlist(CUMIN)).toEqual({ inWishlist: true, saved: false });
    // Nothing is sent to a phone this browser could not keep signed in...
    expect(await shop.signIn.requestCode(SHOPPER.phone)).toMatchObject({ ok: false, reason: 'storage' });
    expect(api.texts).toEqual([]);
    // ...but a code that reached it anyway still signs in, in memory.
    await fetch('/api/v1/auth/code', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone: SHOPPER.phone }),
    });
    expect(await shop.signIn.verifyCode(SHOPPER.phone, '123456')).toEqual({ ok: true, saved: false });
    const added = await shop.addresses.addAddress({ name: 'A', street: 'B', city: 'C' }, 'checkout');
    expect(added.ok && added.saved).toBe(false);
    expect(shop.addresses.$addresses.get()).toHaveLength(1);
    const placed = await shop.orders.placeOrder(shop.addresses.$addresses.get()[0]!);
    expect(placed.ok && placed.saved).toBe(false);
    expect(shop.orders.$myOrders.get()).toHaveLength(1);
    expect(shop.cart.$cartCount.get()).toBe(0);
    await api.close();
  });
});

describe('full storage', () => {
  it('shows the change, reports it not saved and keeps the stored value intact', async () => {
    const browser = installBrowser({ seed: { cart: [LINE] } });
    const shop = await loadShop();
    browser.storage.fill();
    expect(shop.cart.addToCart(CUMIN)).toEqual({ saved: false });
    expect(shop.cart.$cartCount.get()).toBe(3);
    expect(stored(browser, 'cart')).toEqual([LINE]);
  });

  it('keeps the change that storage refused after the last subscriber has left', async () => {
    vi.useFakeTimers();
    const browser = installBrowser({ seed: { cart: [LINE] } });
    const shop = await loadShop();
    const stop = shop.cart.$cartCount.subscribe(() => {});
    browser.storage.fill();
    shop.cart.addToCart(CUMIN);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(shop.cart.$cartCount.get()).toBe(3);
  });

  it('saves again once there is room', async () => {
    const browser = installBrowser();
    const shop = await loadShop();
    browser.storage.fill();
    expect(shop.wishlist.toggleWishlist(SAFFRON).saved).toBe(false);
    browser.storage.quota = Number.POSITIVE_INFINITY;
    expect(shop.wishlist.toggleWishlist(CUMIN).saved).toBe(true);
    expect(stored(browser, 'wishlist')).toEqual([SAFFRON, CUMIN]);
  });
});

describe('one state, synced across tabs', () => {
  it('shows a change made by one island in every other subscriber at once', async () => {
    installBrowser();
    const shop = await loadShop();
    const badge: number[] = [];
    const page: number[] = [];
    const stopBadge = shop.cart.$cartCount.subscribe((count) => badge.push(count));
    const stopPage = shop.cart.$cart.subscribe((lines) => page.push(lines.length));
    shop.cart.addToCart(SAFFRON);
    stopBadge();
    stopPage();
    expect(badge).toEqual([0, 1]);
    expect(page).toEqual([0, 1]);
  });

  it('takes a cart written in another tab without reload', async () => {
    const browser = installBrowser();
    const shop = await loadShop();
    const seen: number[] = [];
    const stop = shop.cart.$cartCount.subscribe((count) => seen.push(count));
    browser.otherTabWrites('cart', JSON.stringify([LINE]));
    browser.otherTabWrites('cart', 'garbage');
    browser.otherTabWrites('cart', JSON.stringify([{ ...LINE, quantity: 5 }]));
    browser.otherTabWrites('cart', null);
    stop();
    expect(seen).toEqual([0, 2, 0, 5, 0]);
  });

  it('follows a sign-in and sign-out in another tab, address book included', async () => {
    const browser = installBrowser({
      seed: { [`addresses:${SHOPPER.id}`]: [{ id: '1', name: 'A', street: 'B', city: 'C' }] },
    });
    const shop = await loadShop();
    const names: (string | undefined)[] = [];
    const books: number[] = [];
    const stopUser = shop.auth.$user.subscribe((user) => names.push(user?.name));
    const stopBook = shop.addresses.$addresses.subscribe((list) => books.push(list.length));
    browser.otherTabWrites('user', JSON.stringify(SHOPPER));
    browser.otherTabWrites(null, null);
    stopUser();
    stopBook();
    expect(names).toEqual([undefined, SHOPPER.name, undefined]);
    expect(books).toEqual([0, 1, 0]);
  });

  it('keeps up with other tabs after first use even with no subscriber left', async () => {
    const browser = installBrowser();
    const shop = await loadShop();
    expect(shop.wishlist.isSaved(shop.wishlist.$wishlist.get(), SAFFRON)).toBe(false);
    browser.otherTabWrites('wishlist', JSON.stringify([SAFFRON]));
    expect(shop.wishlist.toggleWishlist(SAFFRON)).toEqual({ inWishlist: false, saved: true });
    expect(stored(browser, 'wishlist')).toEqual([]);
  });

  it('rereads storage when the page comes back from the back-forward cache', async () => {
    const browser = installBrowser();
    const shop = await loadShop();
    expect(shop.cart.$cartCount.get()).toBe(0);
    browser.storage.data.set('cart', JSON.stringify([LINE]));
    browser.restoreFromCache();
    expect(shop.cart.$cartCount.get()).toBe(2);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LineKey } from '#src/stores/shapes.ts';
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

/** Whether `item` is saved, as the hearts read it. */
const isSaved = (item: LineKey) => shop.wishlist.isSaved(shop.wishlist.$wishlist.get(), item);

describe('wishlist', () => {
  it('adds an item in the stored shape and counts the items', () => {
    expect(shop.wishlist.toggleWishlist(SAFFRON)).toEqual({ inWishlist: true, saved: true });
    shop.wishlist.toggleWishlist(CUMIN);
    expect(stored(browser, 'wishlist')).toEqual([SAFFRON, CUMIN]);
    expect(shop.wishlist.$wishlistCount.get()).toBe(2);
  });

  it('refuses an item without an id, a name or a price, and writes nothing', () => {
    const writes = browser.storage.writes;
    expect(shop.wishlist.toggleWishlist({ ...SAFFRON, name: '', price: Number.NaN })).toEqual({
      inWishlist: false,
      saved: false,
    });
    expect(shop.wishlist.$wishlist.get()).toEqual([]);
    expect(browser.storage.writes).toBe(writes);
  });

  it('removes an item', () => {
    shop.wishlist.toggleWishlist(SAFFRON);
    shop.wishlist.toggleWishlist(CUMIN);
    shop.wishlist.removeFromWishlist(SAFFRON);
    expect(stored(browser, 'wishlist')).toEqual([CUMIN]);
    expect(isSaved(SAFFRON)).toBe(false);
  });

  it('toggles an item in and out for the heart button', () => {
    expect(shop.wishlist.toggleWishlist(SAFFRON)).toEqual({ inWishlist: true, saved: true });
    expect(isSaved(SAFFRON)).toBe(true);
    expect(shop.wishlist.toggleWishlist(SAFFRON)).toEqual({ inWishlist: false, saved: true });
    expect(shop.wishlist.$wishlist.get()).toEqual([]);
  });

  it('restores a saved wishlist on load', async () => {
    browser = installBrowser({ seed: { wishlist: [CUMIN] } });
    shop = await loadShop();
    expect(shop.wishlist.$wishlist.get()).toEqual([CUMIN]);
    expect(isSaved(CUMIN)).toBe(true);
  });
});

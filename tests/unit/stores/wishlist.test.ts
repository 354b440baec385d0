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

describe('wishlist', () => {
  it('adds an item in the stored shape and counts the items', () => {
    expect(shop.wishlist.addToWishlist(SAFFRON)).toEqual({ saved: true });
    shop.wishlist.addToWishlist(CUMIN);
    expect(stored(browser, 'wishlist')).toEqual([SAFFRON, CUMIN]);
    expect(shop.wishlist.$wishlistCount.get()).toBe(2);
  });

  it('does nothing when the item is already present', () => {
    shop.wishlist.addToWishlist(SAFFRON);
    const writes = browser.storage.writes;
    shop.wishlist.addToWishlist({ ...SAFFRON, price: 1 });
    expect(shop.wishlist.$wishlist.get()).toEqual([SAFFRON]);
    expect(browser.storage.writes).toBe(writes);
  });

  it('removes an item', () => {
    shop.wishlist.addToWishlist(SAFFRON);
    shop.wishlist.addToWishlist(CUMIN);
    shop.wishlist.removeFromWishlist(SAFFRON);
    expect(stored(browser, 'wishlist')).toEqual([CUMIN]);
    expect(shop.wishlist.isInWishlist(SAFFRON)).toBe(false);
  });

  it('toggles an item in and out for the heart button', () => {
    expect(shop.wishlist.toggleWishlist(SAFFRON)).toEqual({ inWishlist: true, saved: true });
    expect(shop.wishlist.isInWishlist(SAFFRON)).toBe(true);
    expect(shop.wishlist.toggleWishlist(SAFFRON)).toEqual({ inWishlist: false, saved: true });
    expect(shop.wishlist.$wishlist.get()).toEqual([]);
  });

  it('restores a saved wishlist on load', async () => {
    browser = installBrowser({ seed: { wishlist: [CUMIN] } });
    shop = await loadShop();
    expect(shop.wishlist.$wishlist.get()).toEqual([CUMIN]);
    expect(shop.wishlist.isInWishlist(CUMIN)).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHOPPER, installBrowser, loadShop, stored, type FakeBrowser, type Shop } from './browser';

let browser: FakeBrowser;
let shop: Shop;

const HOME = {
  name: 'Asha Rao',
  street: '12 Spice Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '555',
};

beforeEach(async () => {
  browser = installBrowser({ seed: { user: SHOPPER, users: [SHOPPER] } });
  shop = await loadShop();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('addresses', () => {
  it('saves a checkout address with a timestamp id under the user id key', () => {
    vi.useFakeTimers({ now: 1_740_000_000_000 });
    const result = shop.addresses.addAddress(HOME, 'checkout');
    const expected = { id: '1740000000000', label: '', country: '', ...HOME };
    expect(result).toEqual({ ok: true, address: expected, saved: true });
    expect(stored(browser, `addresses:${SHOPPER.id}`)).toEqual([expected]);
    expect(shop.addresses.$addresses.get()).toEqual([expected]);
  });

  it('requires name, street and city on the checkout form and names the missing ones', () => {
    expect(shop.addresses.addAddress({ street: '12 Spice Lane', city: ' ' }, 'checkout')).toEqual({
      ok: false,
      reason: 'missing-fields',
      missing: ['name', 'city'],
    });
    expect(browser.storage.getItem(`addresses:${SHOPPER.id}`)).toBeNull();
  });

  it('requires label, street and city on the profile form', () => {
    const result = shop.addresses.addAddress({ name: 'Asha', street: 'x', city: 'y' }, 'profile');
    expect(result).toEqual({ ok: false, reason: 'missing-fields', missing: ['label'] });
    expect(
      shop.addresses.addAddress({ label: 'Home', street: 'x', city: 'y', country: 'US' }, 'profile').ok,
    ).toBe(true);
  });

  it('trims the fields it saves', () => {
    const result = shop.addresses.addAddress(
      { name: ' Asha ', street: ' 1 Main St', city: 'Pune ' },
      'checkout',
    );
    expect(result.ok && [result.address.name, result.address.street, result.address.city]).toEqual([
      'Asha',
      '1 Main St',
      'Pune',
    ]);
  });

  it('lists addresses from both forms in one book, in the order they were saved', () => {
    shop.addresses.addAddress(HOME, 'checkout');
    shop.addresses.addAddress({ label: 'Office', street: '9 Dock Rd', city: 'Seattle' }, 'profile');
    expect(shop.addresses.$addresses.get().map((address) => address.street)).toEqual([
      '12 Spice Lane',
      '9 Dock Rd',
    ]);
    const ids = shop.addresses.$addresses.get().map((address) => address.id);
    expect(new Set(ids).size).toBe(2);
  });

  it('removes an address', () => {
    shop.addresses.addAddress(HOME, 'checkout');
    const first = shop.addresses.$addresses.get()[0]!;
    expect(shop.addresses.removeAddress(first.id)).toEqual({ saved: true });
    expect(shop.addresses.$addresses.get()).toEqual([]);
    expect(stored(browser, `addresses:${SHOPPER.id}`)).toEqual([]);
  });

  it('keeps one address book per user and shows only the signed-in one', async () => {
    const other = { ...SHOPPER, id: '42', phone: '999' };
    browser = installBrowser({
      seed: {
        user: SHOPPER,
        users: [SHOPPER, other],
        [`addresses:${SHOPPER.id}`]: [{ id: '1', ...HOME }],
        'addresses:42': [{ id: '2', label: 'Work', street: 'Elsewhere', city: 'Oslo' }],
      },
    });
    shop = await loadShop();
    const seen: string[][] = [];
    const stop = shop.addresses.$addresses.subscribe((list) => seen.push(list.map((a) => a.id)));
    shop.auth.logout();
    shop.auth.requestCode(other.phone);
    shop.auth.verifyCode(other.phone, '123456');
    stop();
    expect(seen).toEqual([['1'], [], ['2']]);
  });

  it('refuses to save an address for a visitor', () => {
    shop.auth.logout();
    expect(shop.addresses.addAddress(HOME, 'checkout')).toEqual({
      ok: false,
      reason: 'signed-out',
      missing: [],
    });
    expect(shop.addresses.$addresses.get()).toEqual([]);
  });

  it("reads an older profile form's zipCode as zip", async () => {
    browser = installBrowser({
      seed: {
        user: SHOPPER,
        [`addresses:${SHOPPER.id}`]: [{ id: '7', label: 'Home', street: 'x', city: 'y', zipCode: '10001' }],
      },
    });
    shop = await loadShop();
    expect(shop.addresses.$addresses.get()[0]?.zip).toBe('10001');
  });
});

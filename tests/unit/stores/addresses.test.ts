import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowser, loadShop, stored, type FakeBrowser, type Shop } from './browser.ts';
import { catalogue, installShopApi, type FakeShopApi } from './shopApi.ts';

let browser: FakeBrowser;
let shop: Shop;
let api: FakeShopApi;

const HOME = {
  name: 'Asha Rao',
  street: '12 Spice Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '+1 503 555 0100',
};

async function signIn(phone = '415 555 0100') {
  await shop.signIn.requestCode(phone);
  await shop.signIn.verifyCode(phone, '123456');
  return shop.auth.$user.get()!;
}

beforeEach(async () => {
  browser = installBrowser();
  api = installShopApi(catalogue({}));
  shop = await loadShop();
});
afterEach(async () => {
  await api.close();
  vi.unstubAllGlobals();
});

describe('addresses', () => {
  it("saves a checkout address in the account's book on the shop, and its copy under the user id key", async () => {
    const user = await signIn();
    const result = await shop.addresses.addAddress(HOME, 'checkout');
    // The shop keeps the phone in E.164, and answers it as people write it beside.
    const phones = { phone: '+15035550100', phoneDisplay: '(503) 555-0100' };
    expect(result).toMatchObject({
      ok: true,
      address: { label: '', country: '', ...HOME, ...phones },
      saved: true,
    });
    const saved = result.ok ? result.address : undefined;
    expect(stored(browser, `addresses:${user.id}`)).toEqual([saved]);
    expect(shop.addresses.$addresses.get()).toEqual([saved]);
    expect(await api.store.addresses(user.id)).toEqual([{ ...saved, phoneDisplay: undefined }]);
  });

  it('requires name, street and city on the checkout form and names the missing ones', async () => {
    const user = await signIn();
    expect(await shop.addresses.addAddress({ street: '12 Spice Lane', city: ' ' }, 'checkout')).toEqual({
      ok: false,
      reason: 'missing-fields',
      missing: ['name', 'city'],
    });
    expect(browser.storage.getItem(`addresses:${user.id}`)).toBe('[]');
  });

  it('requires label, street and city on the profile form', async () => {
    await signIn();
    const result = await shop.addresses.addAddress({ name: 'Asha', street: 'x', city: 'y' }, 'profile');
    expect(result).toEqual({ ok: false, reason: 'missing-fields', missing: ['label'] });
    const added = await shop.addresses.addAddress(
      { label: 'Home', street: 'x', city: 'y', country: 'US' },
      'profile',
    );
    expect(added.ok).toBe(true);
  });

  it('trims the fields it saves', async () => {
    await signIn();
    const result = await shop.addresses.addAddress(
      { name: ' Asha ', street: ' 1 Main St', city: 'Pune ' },
      'checkout',
    );
    expect(result.ok && [result.address.name, result.address.street, result.address.city]).toEqual([
      'Asha',
      '1 Main St',
      'Pune',
    ]);
  });

  it('lists addresses from both forms in one book, in the order they were saved', async () => {
    await signIn();
    await shop.addresses.addAddress(HOME, 'checkout');
    await shop.addresses.addAddress({ label: 'Office', street: '9 Dock Rd', city: 'Seattle' }, 'profile');
    expect(shop.addresses.$addresses.get().map((address) => address.street)).toEqual([
      '12 Spice Lane',
      '9 Dock Rd',
    ]);
  });

  it('removes an address from the shop and the copy', async () => {
    const user = await signIn();
    await shop.addresses.addAddress(HOME, 'checkout');
    const first = shop.addresses.$addresses.get()[0]!;
    expect(await shop.addresses.removeAddress(first.id)).toEqual({ ok: true, saved: true });
    expect(shop.addresses.$addresses.get()).toEqual([]);
    expect(await api.store.addresses(user.id)).toEqual([]);
  });

  it('keeps the copy when the shop cannot be reached to remove an address', async () => {
    await signIn();
    await shop.addresses.addAddress(HOME, 'checkout');
    api.offline = true;
    const first = shop.addresses.$addresses.get()[0]!;
    expect((await shop.addresses.removeAddress(first.id)).ok).toBe(false);
    expect(shop.addresses.$addresses.get()).toHaveLength(1);
  });

  it("keeps the copy when another page answers in the shop's place (a captive portal, a proxy's 404)", async () => {
    await signIn();
    await shop.addresses.addAddress(HOME, 'checkout');
    const first = shop.addresses.$addresses.get()[0]!;
    const shopFetch = globalThis.fetch;
    for (const status of [200, 404]) {
      vi.stubGlobal('fetch', () =>
        Promise.resolve(
          new Response('<html>portal</html>', { status, headers: { 'Content-Type': 'text/html' } }),
        ),
      );
      expect((await shop.addresses.removeAddress(first.id)).ok, String(status)).toBe(false);
      expect(shop.addresses.$addresses.get()).toHaveLength(1);
    }
    vi.stubGlobal('fetch', shopFetch);
    expect((await shop.addresses.removeAddress(first.id)).ok).toBe(true);
  });

  it('follows the account to another browser: the book arrives with sign-in', async () => {
    await signIn();
    await shop.addresses.addAddress(HOME, 'checkout');
    browser = installBrowser();
    api.cookie = '';
    shop = await loadShop();
    await signIn();
    expect(shop.addresses.$addresses.get().map((address) => address.street)).toEqual(['12 Spice Lane']);
  });

  it('shows only the signed-in account’s book, and switches with the account', async () => {
    await signIn('415 555 0100');
    await shop.addresses.addAddress(HOME, 'checkout');
    const seen: string[][] = [];
    const stop = shop.addresses.$addresses.subscribe((list) => seen.push(list.map((a) => a.street)));
    await shop.auth.logout();
    await signIn('415 555 0199');
    stop();
    expect(seen[0]).toEqual(['12 Spice Lane']);
    expect(seen.slice(1).flat()).toEqual([]);
    expect(shop.auth.$user.get()?.phone).toBe('+14155550199');
  });

  it('refuses to save an address for a visitor, without asking the shop', async () => {
    expect(await shop.addresses.addAddress(HOME, 'checkout')).toMatchObject({
      ok: false,
      reason: 'signed-out',
    });
    expect(api.requests).toHaveLength(0);
  });

  it('says signed out, and forgets the user, when the session has ended', async () => {
    await signIn();
    api.cookie = '';
    expect(await shop.addresses.addAddress(HOME, 'checkout')).toMatchObject({
      ok: false,
      reason: 'signed-out',
    });
    expect(shop.auth.$user.get()).toBeNull();
  });

  it("reads an older profile form's zipCode as zip", async () => {
    browser = installBrowser({
      seed: {
        user: { id: '1', phone: '+14155550100' },
        'addresses:1': [{ id: '7', label: 'Home', street: 'x', city: 'y', zipCode: '10001' }],
      },
    });
    shop = await loadShop();
    expect(shop.addresses.$addresses.get()[0]?.zip).toBe('10001');
  });
});

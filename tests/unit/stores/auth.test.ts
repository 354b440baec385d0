import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHOPPER, installBrowser, loadShop, stored, type FakeBrowser, type Shop } from './browser';

let browser: FakeBrowser;
let shop: Shop;

beforeEach(async () => {
  browser = installBrowser();
  shop = await loadShop();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sign-in', () => {
  it('stores the demo code 123456 for the trimmed phone under pendingOTP and reports success', () => {
    expect(shop.auth.requestCode('  +1 415 555 0100 ')).toEqual({ ok: true, saved: true });
    expect(stored(browser, 'pendingOTP')).toEqual({ phone: '+1 415 555 0100', otp: '123456' });
    expect(shop.auth.$pendingOTP.get()).toEqual({ phone: '+1 415 555 0100', otp: '123456' });
  });

  it('refuses an empty or blank phone', () => {
    expect(shop.auth.requestCode('   ').ok).toBe(false);
    expect(browser.storage.getItem('pendingOTP')).toBeNull();
  });

  it('creates the user with a timestamp id and an empty profile, and signs them in', () => {
    vi.useFakeTimers({ now: 1_730_000_000_000 });
    shop.auth.requestCode(SHOPPER.phone);
    expect(shop.auth.verifyCode(` ${SHOPPER.phone}`, '123456')).toEqual({ ok: true, saved: true });
    const created = { id: '1730000000000', phone: SHOPPER.phone, name: '', email: '', profilePicture: '' };
    expect(shop.auth.$user.get()).toEqual(created);
    expect(stored(browser, 'user')).toEqual(created);
    expect(stored(browser, 'users')).toEqual([created]);
    expect(shop.auth.$isSignedIn.get()).toBe(true);
  });

  it('removes the pending code once it is used', () => {
    shop.auth.requestCode(SHOPPER.phone);
    shop.auth.verifyCode(SHOPPER.phone, '123456');
    expect(browser.storage.getItem('pendingOTP')).toBeNull();
    expect(shop.auth.$pendingOTP.get()).toBeNull();
    shop.auth.logout();
    expect(shop.auth.verifyCode(SHOPPER.phone, '123456').ok).toBe(false);
  });

  it('signs a known phone in as its existing user without creating another', async () => {
    browser = installBrowser({ seed: { users: [SHOPPER] } });
    shop = await loadShop();
    shop.auth.requestCode(SHOPPER.phone);
    shop.auth.verifyCode(SHOPPER.phone, '123456');
    expect(shop.auth.$user.get()).toEqual(SHOPPER);
    expect(stored(browser, 'users')).toEqual([SHOPPER]);
  });

  it('fails with a wrong code, another phone or no pending code, and keeps the pending code', () => {
    expect(shop.auth.verifyCode(SHOPPER.phone, '123456')).toEqual({ ok: false, saved: false });
    shop.auth.requestCode(SHOPPER.phone);
    expect(shop.auth.verifyCode(SHOPPER.phone, '654321').ok).toBe(false);
    expect(shop.auth.verifyCode('+1 415 555 0199', '123456').ok).toBe(false);
    expect(shop.auth.$user.get()).toBeNull();
    expect(stored(browser, 'pendingOTP')).toEqual({ phone: SHOPPER.phone, otp: '123456' });
  });

  it('gives two users created in the same millisecond different ids', () => {
    vi.useFakeTimers({ now: 1_730_000_000_000 });
    shop.auth.requestCode('111');
    shop.auth.verifyCode('111', '123456');
    shop.auth.requestCode('222');
    shop.auth.verifyCode('222', '123456');
    const ids = shop.auth.$users.get().map((user) => user.id);
    expect(new Set(ids).size).toBe(2);
  });

  it('accepts only a complete six-digit code in the code box', () => {
    expect(shop.auth.isCodeComplete('123456')).toBe(true);
    expect(shop.auth.isCodeComplete('12345')).toBe(false);
    expect(shop.auth.isCodeComplete('1234567')).toBe(false);
    expect(shop.auth.isCodeComplete('12345a')).toBe(false);
  });

  it('logs out by clearing the current user only', async () => {
    browser = installBrowser({ seed: { user: SHOPPER, users: [SHOPPER] } });
    shop = await loadShop();
    expect(shop.auth.$user.get()).toEqual(SHOPPER);
    expect(shop.auth.logout()).toEqual({ saved: true });
    expect(shop.auth.$user.get()).toBeNull();
    expect(browser.storage.getItem('user')).toBeNull();
    expect(stored(browser, 'users')).toEqual([SHOPPER]);
  });
});

describe('profile', () => {
  it('merges name, email and picture into both the current user and users', async () => {
    const other = { ...SHOPPER, id: '1', phone: '999' };
    browser = installBrowser({ seed: { user: SHOPPER, users: [other, SHOPPER] } });
    shop = await loadShop();
    const patch = { name: 'Asha R.', email: 'a@example.com', profilePicture: 'data:image/png;base64,AA' };
    expect(shop.auth.updateProfile(patch)).toBe(true);
    expect(stored(browser, 'user')).toEqual({ ...SHOPPER, ...patch });
    expect(stored(browser, 'users')).toEqual([other, { ...SHOPPER, ...patch }]);
  });

  it('changes only the fields given', async () => {
    browser = installBrowser({ seed: { user: SHOPPER, users: [SHOPPER] } });
    shop = await loadShop();
    shop.auth.updateProfile({ email: 'new@example.com' });
    expect(shop.auth.$user.get()).toEqual({ ...SHOPPER, email: 'new@example.com' });
  });

  it('returns false when nobody is signed in', () => {
    expect(shop.auth.updateProfile({ name: 'X' })).toBe(false);
  });

  it('returns false when the current user is not in users', async () => {
    browser = installBrowser({ seed: { user: SHOPPER, users: [] } });
    shop = await loadShop();
    expect(shop.auth.updateProfile({ name: 'X' })).toBe(false);
    expect(stored(browser, 'user')).toEqual(SHOPPER);
  });

  it('reports a picture too large for storage as not saved and keeps it on screen', async () => {
    browser = installBrowser({ seed: { user: SHOPPER, users: [SHOPPER] } });
    shop = await loadShop();
    browser.storage.quota = browser.storage.used() + 1000;
    const picture = `data:image/png;base64,${'A'.repeat(5000)}`;
    expect(shop.auth.saveProfile({ profilePicture: picture })).toEqual({ ok: true, saved: false });
    expect(shop.auth.$user.get()?.profilePicture).toBe(picture);
    expect(stored(browser, 'user')).toEqual(SHOPPER);
    expect(stored(browser, 'users')).toEqual([SHOPPER]);
  });
});

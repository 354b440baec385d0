import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowser, loadShop, stored, type FakeBrowser, type Shop } from './browser.ts';
import { catalogue, installShopApi, type FakeShopApi } from './shopApi.ts';

let browser: FakeBrowser;
let shop: Shop;
let api: FakeShopApi;

const PHONE = '(415) 555-0100';
const E164 = '+14155550100';

beforeEach(async () => {
  browser = installBrowser();
  api = installShopApi(catalogue({}));
  shop = await loadShop();
});
afterEach(async () => {
  await api.close();
  vi.unstubAllGlobals();
});

async function signIn(phone = PHONE) {
  await shop.signIn.requestCode(phone);
  return shop.signIn.verifyCode(phone, '123456');
}

describe('sign-in', () => {
  it('asks the shop to text a code and keeps only the phone, in the shop form, under pendingOTP', async () => {
    expect(await shop.signIn.requestCode(`  ${PHONE} `)).toEqual({
      ok: true,
      phone: E164,
      shown: '(415) 555-0100',
      demoCode: '123456',
      resendIn: 60,
      earlier: false,
    });
    expect(stored(browser, 'pendingOTP')).toEqual({ phone: E164 });
    expect(api.texts).toEqual([{ to: E164, body: expect.stringContaining('123456') as string }]);
    expect(browser.storage.getItem('pendingOTP')).not.toContain('123456');
  });

  it('refuses a blank phone without asking the shop, and says what is wrong with a bad one', async () => {
    expect((await shop.signIn.requestCode('   ')).ok).toBe(false);
    expect(api.requests).toHaveLength(0);
    const letters = await shop.signIn.requestCode('415-CALL-NOW');
    expect(letters).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringMatching(/digits/) });
    expect(browser.storage.getItem('pendingOTP')).toBeNull();
  });

  it('asks for the code sent a moment ago when the same phone asks again, without a second text', async () => {
    await shop.signIn.requestCode(PHONE);
    // "Change phone number", then the same phone again: its code still works.
    const again = await shop.signIn.requestCode('415 555 0100');
    expect(again).toEqual({
      ok: true,
      phone: E164,
      shown: '(415) 555-0100',
      demoCode: '123456',
      resendIn: 60,
      earlier: true,
    });
    expect(stored(browser, 'pendingOTP')).toEqual({ phone: E164 });
    expect(api.texts).toHaveLength(1);
    expect(await shop.signIn.verifyCode(E164, '123456')).toEqual({ ok: true, saved: true });
  });

  it('signs in with the right code: the account the shop made becomes the stored user', async () => {
    expect(await signIn()).toEqual({ ok: true, saved: true });
    const user = shop.auth.$user.get();
    expect(user).toMatchObject({ phone: E164, name: '', email: '', profilePicture: '' });
    expect(user?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored(browser, 'user')).toEqual(user);
    expect(browser.storage.getItem('users')).toBeNull();
    expect(browser.storage.getItem('pendingOTP')).toBeNull();
    expect(api.cookie).toMatch(/^session=[\w-]{43}$/);
  });

  it('fails with a wrong code and keeps the code usable; the right one still signs in', async () => {
    await shop.signIn.requestCode(PHONE);
    expect(await shop.signIn.verifyCode(PHONE, '654321')).toEqual({
      ok: false,
      reason: 'wrong',
      message: 'Invalid OTP',
    });
    expect(shop.auth.$user.get()).toBeNull();
    expect(api.cookie).toBe('');
    expect((await shop.signIn.verifyCode(PHONE, '123456')).ok).toBe(true);
  });

  it("gives the shop's own reason, never 'Invalid OTP', when the code was not what it refused", async () => {
    await shop.signIn.requestCode(PHONE);
    const shopFetch = globalThis.fetch;
    const LIMITED = 'Too many requests: please wait a minute and try again.';
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input.endsWith('/api/v1/auth/session')
        ? Promise.resolve(Response.json({ success: false, message: LIMITED }, { status: 429 }))
        : shopFetch(input, init),
    );
    expect(await shop.signIn.verifyCode(PHONE, '123456')).toEqual({
      ok: false,
      reason: 'failed',
      message: LIMITED,
    });
    // A captive portal's page in place of the shop's answer.
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response('<html>Sign in to the Wi-Fi</html>', { headers: { 'Content-Type': 'text/html' } }),
      ),
    );
    expect(await shop.signIn.verifyCode(PHONE, '123456')).toMatchObject({ ok: false, reason: 'failed' });
    vi.stubGlobal('fetch', shopFetch);
    expect((await shop.signIn.verifyCode(PHONE, '123456')).ok).toBe(true);
  });

  it('uses a code once: after sign-out it no longer signs in', async () => {
    await signIn();
    await shop.auth.logout();
    const again = await shop.signIn.verifyCode(PHONE, '123456');
    expect(again).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('signs the same phone, however written, into the same account', async () => {
    await signIn('415-555-0100');
    const first = shop.auth.$user.get()?.id;
    await shop.auth.logout();
    await signIn('+1 415 555 0100');
    expect(shop.auth.$user.get()?.id).toBe(first);
  });

  it('accepts only a complete six-digit code in the code box', () => {
    expect(shop.signIn.isCodeComplete('123456')).toBe(true);
    expect(shop.signIn.isCodeComplete('12345')).toBe(false);
    expect(shop.signIn.isCodeComplete('1234567')).toBe(false);
    expect(shop.signIn.isCodeComplete('12345a')).toBe(false);
  });

  it('keeps the digits of what is typed or pasted in the code box, six at most', () => {
    expect(shop.signIn.codeDigits('123 456')).toBe('123456');
    expect(shop.signIn.codeDigits('12a3')).toBe('123');
    expect(shop.signIn.codeDigits('1234567')).toBe('123456');
    expect(shop.signIn.codeDigits('code: ')).toBe('');
  });

  it('logs out on the shop and here: the old cookie is refused afterwards', async () => {
    await signIn();
    const cookie = api.cookie;
    expect(await shop.auth.logout()).toEqual({ saved: true });
    expect(shop.auth.$user.get()).toBeNull();
    expect(browser.storage.getItem('user')).toBeNull();
    api.cookie = cookie;
    expect(await shop.auth.refreshAccount()).toBe('signed-out');
  });

  it('an account answer that comes back after signing out does not sign the shopper in again', async () => {
    await signIn();
    // The shop answers the page's account reads while the session still holds; they arrive late.
    const answered = globalThis.fetch;
    let release = () => {};
    const late = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      const response = await answered(input, init);
      if (new URL(input, 'http://localhost').pathname === '/api/v1/account') await late;
      return response;
    });
    const refreshing = shop.auth.refreshAccount();
    const saving = shop.auth.saveProfile({ name: 'Asha' });
    await shop.auth.logout();
    release();
    expect(await refreshing).toBe('signed-out');
    expect(await saving).toMatchObject({ ok: false, reason: 'signed-out' });
    expect(shop.auth.$user.get()).toBeNull();
    expect(browser.storage.getItem('user')).toBeNull();
  });

  it('signs out here even when the shop cannot be reached', async () => {
    await signIn();
    api.offline = true;
    await shop.auth.logout();
    expect(shop.auth.$user.get()).toBeNull();
  });

  it('gains nothing from a forged user in storage: the shop says signed out and the copy goes', async () => {
    browser = installBrowser({ seed: { user: { id: 'forged', phone: '+14155550100' } } });
    shop = await loadShop();
    expect(shop.auth.$user.get()?.id).toBe('forged');
    expect(await shop.auth.refreshAccount()).toBe('signed-out');
    expect(shop.auth.$user.get()).toBeNull();
    expect(shop.auth.hasSessionEnded()).toBe(true);
  });

  it('ends every session of the account with "Sign out of all devices"', async () => {
    await signIn();
    const otherBrowser = api.cookie;
    await shop.auth.logout();
    await signIn();
    expect((await shop.auth.logoutEverywhere()).ok).toBe(true);
    expect(shop.auth.$user.get()).toBeNull();
    api.cookie = otherBrowser;
    expect(await shop.auth.refreshAccount()).toBe('signed-out');
  });
});

describe('profile', () => {
  it('saves name, email and picture on the shop, and the copy takes what the shop kept', async () => {
    await signIn();
    const picture = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]).toString('base64')}`;
    const result = await shop.auth.saveProfile({
      name: ' Asha R. ',
      email: 'A@Example.com',
      profilePicture: picture,
    });
    // A new address: the shop sent a link to confirm it, and says it is not confirmed yet.
    expect(result).toEqual({ ok: true, saved: true, confirmationSent: true });
    expect(shop.auth.$emailConfirmed.get()).toBe(false);
    expect(await shop.auth.resendEmailConfirmation()).toEqual({
      ok: true,
      message: 'We sent a new link to a@example.com.',
    });
    expect(stored(browser, 'user')).toMatchObject({
      name: 'Asha R.',
      email: 'a@example.com',
      profilePicture: picture,
    });
  });

  it('follows the account to another browser: the profile is there after sign-in', async () => {
    await signIn();
    await shop.auth.saveProfile({ name: 'Asha Rao' });
    browser = installBrowser();
    api.cookie = '';
    shop = await loadShop();
    await signIn();
    expect(shop.auth.$user.get()?.name).toBe('Asha Rao');
  });

  it('changes only the fields given', async () => {
    await signIn();
    await shop.auth.saveProfile({ name: 'Asha' });
    await shop.auth.saveProfile({ email: 'new@example.com' });
    expect(shop.auth.$user.get()).toMatchObject({ name: 'Asha', email: 'new@example.com' });
  });

  it('names what the shop refused, and changes nothing', async () => {
    await signIn();
    const bad = await shop.auth.saveProfile({ email: 'not an email' });
    expect(bad).toMatchObject({ ok: false, reason: 'refused', message: expect.stringMatching(/Email/) });
    const notAPicture = await shop.auth.saveProfile({ profilePicture: 'data:image/png;base64,SGVsbG8=' });
    expect(notAPicture).toMatchObject({
      ok: false,
      reason: 'refused',
      message: expect.stringMatching(/picture/i),
    });
    expect(shop.auth.$user.get()).toMatchObject({ email: '', profilePicture: '' });
  });

  it('says signed out when nobody is signed in, or the session has ended', async () => {
    expect((await shop.auth.saveProfile({ name: 'X' })).ok).toBe(false);
    await signIn();
    api.cookie = '';
    expect(await shop.auth.saveProfile({ name: 'X' })).toMatchObject({ ok: false, reason: 'signed-out' });
    expect(shop.auth.$user.get()).toBeNull();
  });
});

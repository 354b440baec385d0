import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { demoModeFrom } from '#src/lib/demoMode.ts';
import { checkCode, codeHash, sendCode } from '#src/server/identity/codes.ts';
import { deviceCookie, rememberedDevice } from '#src/server/identity/devices.ts';
import { isSecure } from '#src/server/identity/index.ts';
import { isLocalRequest } from '#src/server/identity/local.ts';
import {
  defaultCountryCode,
  maskPhone,
  normalisePhone,
  phoneFields,
  phoneForPeople,
  smsCountriesFromEnv,
  whyNotTextable,
} from '#src/server/identity/phone.ts';
import { SHIPPING_COUNTRIES } from '#src/lib/countries.ts';
import {
  resumeSession,
  sessionCookie,
  startSession,
  tokensFromCookies,
  tokenHash,
} from '#src/server/identity/sessions.ts';
import { authSettingsFromEnv, type AuthSettings } from '#src/server/identity/settings.ts';
import { dispatchDue } from '#src/server/messages/dispatcher.ts';
import { httpSmsSender, type SmsMessage, type SmsSender } from '#src/server/messages/sms.ts';
import { createStore, type Store } from '#src/server/store/index.ts';
import { DATABASES, type TestDatabase } from '../support/databases.ts';

describe('phone numbers', () => {
  it('reads one phone written three ways as one E.164 number, with the default calling code', () => {
    for (const typed of ['415-555-0199', '(415) 555 0199', '+1 415 555 0199', ' 415.555.0199 ']) {
      expect(normalisePhone(typed)).toEqual({ ok: true, phone: '+14155550199' });
    }
    expect(normalisePhone('98765 43210', '91')).toEqual({ ok: true, phone: '+919876543210' });
    expect(normalisePhone('+44 7911 123456')).toEqual({ ok: true, phone: '+447911123456' });
  });

  it('refuses letters, and fewer than 7 or more than 15 digits, with a message for the phone step', () => {
    expect(normalisePhone('415-CALL-NOW')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/digits/),
    });
    expect(normalisePhone('123456')).toMatchObject({ ok: false, message: expect.stringMatching(/7 to 15/) });
    expect(normalisePhone('+1234567890123456')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/7 to 15/),
    });
    expect(normalisePhone('   ')).toMatchObject({ ok: false });
    expect(normalisePhone('+1 415 555 01+99')).toMatchObject({ ok: false });
  });

  it('refuses a number its country has no such line for, on the phone step', () => {
    for (const typed of ['415 555 0199 12', '+1 000 000 0000', '+1 415 555 019']) {
      expect(normalisePhone(typed), typed).toEqual({
        ok: false,
        message: 'That is not a valid phone number. Please check it, with its country code.',
      });
    }
    // Read as an international prefix, 00 leaves too few digits.
    expect(normalisePhone('0000000')).toMatchObject({ ok: false });
  });

  it('reads 00 and, with the calling code 1, 011 as the international prefix: one phone, one account', () => {
    expect(normalisePhone('001 415 555 0199')).toEqual({ ok: true, phone: '+14155550199' });
    expect(normalisePhone('011 44 7400 123456')).toEqual({ ok: true, phone: '+447400123456' });
    expect(normalisePhone('0044 7400 123456', '91')).toEqual({ ok: true, phone: '+447400123456' });
    // In the UK 0113 is Leeds, not a prefix.
    expect(normalisePhone('0113 496 0000', '44')).toEqual({ ok: true, phone: '+441134960000' });
  });

  it('texts codes only to mobile lines in the countries the shop delivers to', () => {
    const countries = smsCountriesFromEnv({});
    expect(countries.size).toBe(SHIPPING_COUNTRIES.length);
    expect(whyNotTextable('+14155550199', countries)).toBeUndefined();
    expect(whyNotTextable('+447400123456', countries)).toBeUndefined();
    expect(whyNotTextable('+919876543210', countries)).toBeUndefined();
    for (const unusual of [
      '+19005550100',
      '+18005550100',
      '+15005550006',
      '+441134960000',
      '+448712345678',
    ]) {
      expect(whyNotTextable(unusual, countries), unusual).toMatch(/only text codes to a mobile phone/);
    }
    // A satellite phone has no country; Russia is not shipped to.
    for (const elsewhere of ['+881612345678', '+79123456789']) {
      expect(whyNotTextable(elsewhere, countries), elsewhere).toMatch(/countries we deliver to/);
    }
    const onlyUs = smsCountriesFromEnv({ SMS_COUNTRIES: 'us' });
    expect(whyNotTextable('+447400123456', onlyUs)).toMatch(/countries we deliver to/);
    expect(() => smsCountriesFromEnv({ SMS_COUNTRIES: 'US, UK' })).toThrow(
      'SMS_COUNTRIES must be a comma list of country codes (US, CA, GB), not "UK".',
    );
  });

  it('takes DEFAULT_COUNTRY_CODE as 1 to 3 digits, with or without +, 1 when unset; refuses the rest, naming it', () => {
    expect(defaultCountryCode({})).toBe('1');
    expect(defaultCountryCode({ DEFAULT_COUNTRY_CODE: '44' })).toBe('44');
    expect(defaultCountryCode({ DEFAULT_COUNTRY_CODE: '+91' })).toBe('91');
    for (const value of ['abc', '1234', '+', '4 4']) {
      expect(() => defaultCountryCode({ DEFAULT_COUNTRY_CODE: value }), value).toThrow(
        `DEFAULT_COUNTRY_CODE must be a calling code of 1 to 3 digits (44, or +44), not "${value}".`,
      );
    }
    expect(() => authSettingsFromEnv({ DEFAULT_COUNTRY_CODE: 'abc' })).toThrow(/^DEFAULT_COUNTRY_CODE/);
  });

  it('masks all but the last four digits for logs', () => {
    expect(maskPhone('+14155550199')).toBe('••••••••0199');
  });
});

describe('phones as people write them', () => {
  it('writes the shop’s own country’s phones in its national format, every other one internationally', () => {
    expect(phoneForPeople('+14155550199')).toBe('(415) 555-0199');
    // Canada shares the calling code 1, but it is another country.
    expect(phoneForPeople('+16135550123')).toBe('+1 613 555 0123');
    expect(phoneForPeople('+442079460958')).toBe('+44 20 7946 0958');
    expect(phoneForPeople('+919876543210')).toBe('+91 98765 43210');
    // An older order's delivery phone, kept as it was typed, reads alike; text that is no phone as it is.
    expect(phoneForPeople('415-555-0199')).toBe('(415) 555-0199');
    expect(phoneForPeople('call me')).toBe('call me');
  });

  it('answers a phone in E.164 beside the way it is shown, and leaves an empty one empty', () => {
    expect(phoneFields('+1 (415) 555 0199')).toEqual({
      phone: '+14155550199',
      phoneDisplay: '(415) 555-0199',
    });
    expect(phoneFields('+44 20 7946 0958')).toEqual({
      phone: '+442079460958',
      phoneDisplay: '+44 20 7946 0958',
    });
    expect(phoneFields('')).toEqual({ phone: '', phoneDisplay: '' });
  });
});

describe('demo mode', () => {
  it('is on for a shop on this machine without an SMS provider, off with one', () => {
    expect(demoModeFrom({})).toEqual({ demo: true, chosen: false });
    expect(demoModeFrom({ SITE_URL: 'http://127.0.0.1:4321' })).toEqual({ demo: true, chosen: false });
    expect(demoModeFrom({ SMS_ACCOUNT_SID: 'AC1' })).toEqual({ demo: false, chosen: false });
    expect(demoModeFrom({ DEMO_MODE: 'off', SMS_ACCOUNT_SID: 'AC1' })).toEqual({
      demo: false,
      chosen: false,
    });
    expect(demoModeFrom({ DEMO_MODE: 'off' })).toMatchObject({
      error: expect.stringMatching(/DEMO_MODE is off/),
    });
  });

  it('refuses a public shop without a provider unless demo mode is chosen', () => {
    expect(demoModeFrom({ SITE_URL: 'https://shop.example' })).toMatchObject({
      error: expect.stringMatching(/SMS_ACCOUNT_SID.*DEMO_MODE=on/s),
    });
    expect(demoModeFrom({ SITE_URL: 'https://shop.example', DEMO_MODE: 'on' })).toEqual({
      demo: true,
      chosen: true,
    });
    expect(demoModeFrom({ SITE_URL: 'https://shop.example', SMS_ACCOUNT_SID: 'AC1' })).toEqual({
      demo: false,
      chosen: false,
    });
    expect(demoModeFrom({ DEMO_MODE: 'maybe' })).toMatchObject({ error: expect.any(String) });
    expect(demoModeFrom({ DEMO_MODE: 'on' })).toEqual({ demo: true, chosen: true });
    expect(() => authSettingsFromEnv({ SITE_URL: 'https://shop.example' })).toThrow(/SMS provider/);
  });
});

describe('code hashes', () => {
  it('depend on the secret, the phone and the code', () => {
    const hash = codeHash('secret', '+14155550199', '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('123456');
    expect(codeHash('other', '+14155550199', '123456')).not.toBe(hash);
    expect(codeHash('secret', '+14155550198', '123456')).not.toBe(hash);
    expect(codeHash('secret', '+14155550199', '123457')).not.toBe(hash);
  });
});

/** A sender that records what it was given, or fails while `failing`. */
function recordingSender(): SmsSender & { sent: SmsMessage[]; failing: boolean } {
  const sender = {
    name: 'console' as const,
    sent: [] as SmsMessage[],
    failing: false,
    async send(message: SmsMessage) {
      if (sender.failing) throw new Error('provider down');
      sender.sent.push(message);
    },
  };
  return sender;
}

describe.each(DATABASES)('sign-in on $name', ({ create }) => {
  let database: TestDatabase;
  let store: Store;
  let sender: ReturnType<typeof recordingSender>;
  const PHONE = '+14155550199';
  const T0 = Date.parse('2026-11-24T10:00:00Z');
  const settings: AuthSettings = { ...authSettingsFromEnv({}), demo: false };
  const codeIn = (message: SmsMessage | undefined) => /^(\d{6}) /.exec(message?.body ?? '')?.[1] ?? '';

  beforeEach(async () => {
    database = await create();
    store = createStore(database.config);
    sender = recordingSender();
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  it('sends a random code that signs in once, and keeps only its keyed hash', async () => {
    expect(await sendCode({ store, sender, settings }, PHONE, T0)).toEqual({ kind: 'sent' });
    const code = codeIn(sender.sent[0]);
    expect(code).toMatch(/^\d{6}$/);
    const [logged] = await store.recentOutbox(1);
    expect(logged).toMatchObject({ kind: 'sign-in-code', state: 'sent', recipient: PHONE });
    expect(logged?.body).not.toContain(code);
    const accepted = await checkCode({ store, settings }, PHONE, code, T0 + 1000);
    expect(accepted).toMatchObject({ kind: 'accepted', account: { phone: PHONE } });
    expect(await checkCode({ store, settings }, PHONE, code, T0 + 2000)).toEqual({ kind: 'expired' });
  });

  it('texts six random digits outside demo mode, and the demo code in it', async () => {
    for (let shopper = 0; shopper < 40; shopper += 1) {
      await sendCode({ store, sender, settings }, `+1415555${String(shopper).padStart(4, '0')}`, T0);
    }
    const codes = sender.sent.map(codeIn);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThanOrEqual(38);
    await sendCode({ store, sender, settings: { ...settings, demo: true } }, '+14155550000', T0 + 60_000);
    expect(codeIn(sender.sent.at(-1))).toBe('123456');
  });

  it('lets a code expire after 10 minutes', async () => {
    await sendCode({ store, sender, settings }, PHONE, T0);
    const code = codeIn(sender.sent[0]);
    expect(await checkCode({ store, settings }, PHONE, code, T0 + 600_000)).toEqual({ kind: 'expired' });
  });

  it('ends a code after five wrong checks, even for the right code afterwards', async () => {
    await sendCode({ store, sender, settings }, PHONE, T0);
    const code = codeIn(sender.sent[0]);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push((await checkCode({ store, settings }, PHONE, wrong, T0 + 1000)).kind);
    }
    expect(answers).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'ended']);
    expect(await checkCode({ store, settings }, PHONE, code, T0 + 2000)).toEqual({ kind: 'ended' });
  });

  it('counts wrong codes per phone across codes: the 11th in an hour waits, whatever code it is for', async () => {
    const guess = async (at: number) => {
      const code = codeIn(sender.sent.at(-1));
      return (await checkCode({ store, settings }, PHONE, code === '000000' ? '111111' : '000000', at)).kind;
    };
    const answers = [];
    // Three codes, four, four and two wrong guesses: no code ends, the phone's budget does.
    for (const [index, wrongs] of [4, 4, 2].entries()) {
      const sentAt = T0 + index * 61_000;
      expect(await sendCode({ store, sender, settings }, PHONE, sentAt)).toEqual({ kind: 'sent' });
      for (let n = 0; n < wrongs; n += 1) answers.push(await guess(sentAt + 1000));
    }
    expect(answers).toEqual(Array(10).fill('wrong'));
    const until = new Date(T0 + 1000 + 3_600_000).toISOString();
    expect(await guess(T0 + 130_000)).toBe('locked');
    // Even the right code waits, and no new code is sent meanwhile.
    const right = await checkCode({ store, settings }, PHONE, codeIn(sender.sent.at(-1)), T0 + 131_000);
    expect(right).toEqual({ kind: 'locked', until });
    expect(await sendCode({ store, sender, settings }, PHONE, T0 + 200_000)).toEqual({
      kind: 'locked',
      until,
    });
    expect(sender.sent).toHaveLength(3);

    // Once the hour has passed, ten more; then the day's budget of 20 holds until a day has.
    const later = T0 + 3_700_000;
    for (let index = 0; index < 3; index += 1) {
      await sendCode({ store, sender, settings }, PHONE, later + index * 61_000);
      for (let n = 0; n < (index === 2 ? 2 : 4); n += 1) await guess(later + index * 61_000 + 1000);
    }
    const dayLater = T0 + 5 * 3_600_000;
    expect(await sendCode({ store, sender, settings }, PHONE, dayLater)).toEqual({
      kind: 'locked',
      until: new Date(T0 + 1000 + 86_400_000).toISOString(),
    });
    // Another phone was never held back.
    expect(await sendCode({ store, sender, settings }, '+14155550100', T0 + 200_000)).toEqual({
      kind: 'sent',
    });
  });

  it("stops texting once the shop's hourly budget is spent, and tells the merchant once", async () => {
    vi.stubEnv('MERCHANT_EMAIL', 'owner@shop.example');
    onTestFinished(() => void vi.unstubAllEnvs());
    const budget = { ...settings, textsPerHour: 3 };
    const send = (phone: string, at: number) => sendCode({ store, sender, settings: budget }, phone, at);
    for (let n = 0; n < 3; n += 1) {
      expect(await send(`+1415555020${n}`, T0 + n * 60_000)).toEqual({ kind: 'sent' });
    }
    expect(await send('+14155550210', T0 + 600_000)).toEqual({ kind: 'spent', seconds: 3000 });
    expect(await send('+14155550211', T0 + 700_000)).toEqual({ kind: 'spent', seconds: 2900 });
    expect(sender.sent).toHaveLength(3);
    const notices = (await store.recentOutbox(10)).filter(
      (message) => message.kind === 'merchant-texts-spent',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ recipient: 'owner@shop.example', state: 'pending' });
    expect(notices[0]?.body).toMatch(/budget of 3 texts an hour \(AUTH_TEXTS_PER_HOUR\) is spent/);
    expect(notices[0]?.body).not.toMatch(/415555/);
    // An hour after the first text, one is free again.
    expect(await send('+14155550212', T0 + 3_600_001)).toEqual({ kind: 'sent' });
  });

  it("keeps a remembered browser's code, sends and guesses apart from everyone else's", async () => {
    const phone = '+14155550141';
    const cookie = /^[^;]+/.exec(await deviceCookie(store, phone, false))?.[0] ?? '';
    const device = await rememberedDevice(store, `a=1; ${cookie}`, phone, false);
    expect(device).toMatch(/^[\w-]{22}$/);
    expect(await rememberedDevice(store, cookie, '+14155550142', false)).toBeUndefined();
    expect(await rememberedDevice(store, cookie, phone, true)).toBeUndefined();
    expect(
      await rememberedDevice(
        store,
        cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
        phone,
        false,
      ),
    ).toBeUndefined();

    // A stranger spends the phone's guesses; the remembered browser's code still signs in.
    await sendCode({ store, sender, settings }, phone, T0);
    await sendCode({ store, sender, settings }, phone, T0, device);
    const owners = codeIn(sender.sent.at(-1));
    for (const [index, wrongs] of [5, 5].entries()) {
      if (index > 0) await sendCode({ store, sender, settings }, phone, T0 + 61_000);
      for (let n = 0; n < wrongs; n += 1)
        await checkCode({ store, settings }, phone, owners === '000000' ? '111111' : '000000', T0 + 62_000);
    }
    expect(await checkCode({ store, settings }, phone, owners, T0 + 63_000)).toMatchObject({
      kind: 'locked',
    });
    expect(await checkCode({ store, settings }, phone, owners, T0 + 63_000, device)).toMatchObject({
      kind: 'accepted',
    });
  });

  it('sends nothing new within 60 seconds and says when to ask again', async () => {
    await sendCode({ store, sender, settings }, PHONE, T0);
    expect(await sendCode({ store, sender, settings }, PHONE, T0 + 15_000)).toEqual({
      kind: 'wait',
      seconds: 45,
      reason: 'cooldown',
    });
    expect(sender.sent).toHaveLength(1);
    expect(await sendCode({ store, sender, settings }, PHONE, T0 + 60_000)).toEqual({ kind: 'sent' });
    // The new code replaces the old one.
    expect(await checkCode({ store, settings }, PHONE, codeIn(sender.sent[0]), T0 + 61_000)).toMatchObject({
      kind: expect.stringMatching(/wrong|expired/),
    });
  });

  it('never lets the outbox send a sign-in code: neither while its text is on its way nor again after it failed', async () => {
    let arrive = () => {};
    const slow: SmsSender = {
      name: 'console',
      send: (message) => {
        sender.sent.push(message);
        return new Promise<void>((resolve) => (arrive = resolve));
      },
    };
    const sending = sendCode({ store, sender: slow, settings }, PHONE, T0);
    await expect.poll(() => sender.sent.length).toBe(1);
    const dispatched = recordingSender();
    const senders = { sms: dispatched, email: { name: 'console' as const, send: async () => {} } };
    expect(await dispatchDue(store, senders, Date.now() + 3_600_000)).toBe(0);
    arrive();
    expect(await sending).toEqual({ kind: 'sent' });

    sender.failing = true;
    expect(await sendCode({ store, sender, settings }, '+14155550100', T0)).toEqual({ kind: 'failed' });
    const [failed] = await store.recentOutbox(1);
    expect(failed).toMatchObject({ kind: 'sign-in-code', state: 'failed' });
    expect(await store.resendMessage(failed!.id, new Date().toISOString())).toBe(false);
    expect(await dispatchDue(store, senders, Date.now() + 3_600_000)).toBe(0);
    expect(dispatched.sent).toEqual([]);
  });

  it('sends at most 5 codes to one phone in 10 minutes', async () => {
    for (let send = 0; send < 5; send += 1) {
      expect(await sendCode({ store, sender, settings }, PHONE, T0 + send * 61_000)).toEqual({
        kind: 'sent',
      });
    }
    expect(await sendCode({ store, sender, settings }, PHONE, T0 + 5 * 61_000)).toEqual({
      kind: 'wait',
      seconds: 600 - 5 * 61,
      reason: 'too-many',
    });
    expect(await sendCode({ store, sender, settings }, PHONE, T0 + 601_000)).toEqual({ kind: 'sent' });
  });

  it('takes a code back when its text could not be sent, so the shopper may ask again at once', async () => {
    sender.failing = true;
    expect(await sendCode({ store, sender, settings }, PHONE, T0)).toEqual({ kind: 'failed' });
    const [logged] = await store.recentOutbox(1);
    expect(logged).toMatchObject({ state: 'failed', lastError: 'provider down' });
    sender.failing = false;
    expect(await sendCode({ store, sender, settings }, PHONE, T0 + 1000)).toEqual({ kind: 'sent' });
  });

  it('makes one account per phone, however often it signs in', async () => {
    const first = await store.accountForPhone(PHONE);
    const again = await Promise.all([store.accountForPhone(PHONE), store.accountForPhone(PHONE)]);
    expect(again.map((account) => account.id)).toEqual([first.id, first.id]);
  });

  it('accepts codes sent by another server process on the same database', async () => {
    const other = createStore(database.config);
    try {
      await sendCode({ store: other, sender, settings }, PHONE, T0);
      const accepted = await checkCode({ store, settings }, PHONE, codeIn(sender.sent[0]), T0 + 1000);
      expect(accepted.kind).toBe('accepted');
    } finally {
      await other.close();
    }
  });

  it('creates, finds, extends and ends sessions by the hash of their token', async () => {
    const account = await store.accountForPhone(PHONE);
    const lifetime = settings.sessionMs;
    const { token, expiresAt } = await startSession(store, account.id, lifetime, T0);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(Date.parse(expiresAt)).toBe(T0 + lifetime);
    expect(await store.findSession(token, new Date(T0).toISOString())).toBeUndefined();
    expect(await resumeSession(store, token, lifetime, T0 + 1000)).toMatchObject({
      account: { id: account.id },
    });
    // Used two days later: extended to a full 30 days from then.
    const later = T0 + 2 * 86_400_000;
    const extended = await resumeSession(store, token, lifetime, later);
    expect(extended?.extendedTo).toBe(new Date(later + lifetime).toISOString());
    // Not used again: gone once those 30 days are over.
    expect(await resumeSession(store, token, lifetime, later + lifetime + 1000)).toBeUndefined();
    const next = await startSession(store, account.id, lifetime, T0);
    expect(await resumeSession(store, next.token, lifetime, T0 + lifetime - 1000)).toBeDefined();
    await store.endSession(tokenHash(next.token));
    expect(await resumeSession(store, next.token, lifetime, T0)).toBeUndefined();
  });

  it('ends every session of an account at once, and no other account’s', async () => {
    const account = await store.accountForPhone(PHONE);
    const other = await store.accountForPhone('+14155550100');
    const first = await startSession(store, account.id, settings.sessionMs, T0);
    const second = await startSession(store, account.id, settings.sessionMs, T0);
    const theirs = await startSession(store, other.id, settings.sessionMs, T0);
    expect(await store.endAllSessions(account.id)).toBe(2);
    expect(await resumeSession(store, first.token, settings.sessionMs, T0)).toBeUndefined();
    expect(await resumeSession(store, second.token, settings.sessionMs, T0)).toBeUndefined();
    expect(await resumeSession(store, theirs.token, settings.sessionMs, T0)).toBeDefined();
  });

  it('refuses forged and malformed tokens', async () => {
    expect(await resumeSession(store, 'x'.repeat(43), settings.sessionMs, T0)).toBeUndefined();
    expect(await resumeSession(store, "'; DROP TABLE sessions; --", settings.sessionMs, T0)).toBeUndefined();
    expect(await resumeSession(store, '', settings.sessionMs, T0)).toBeUndefined();
  });
});

describe('where the demo code may sign in', () => {
  const request = (host: string, headers: Record<string, string> = {}) =>
    new Request('http://127.0.0.1/api/v1/auth/session', { method: 'POST', headers: { host, ...headers } });
  const local = (
    host: string,
    {
      peer = '127.0.0.1',
      headers = {},
      viaProxy = false,
    }: { peer?: string; headers?: Record<string, string>; viaProxy?: boolean } = {},
  ) =>
    isLocalRequest({
      request: request(host, headers),
      clientAddress: peer,
      locals: { peerAddress: peer, viaProxy } as App.Locals,
    });

  it('is a request made on this machine, to localhost or 127.0.0.1', () => {
    expect(local('127.0.0.1:4321')).toBe(true);
    expect(local('localhost:4321')).toBe(true);
    expect(local('localhost', { peer: '::1' })).toBe(true);
    expect(local('127.0.0.1:4321', { peer: '::ffff:127.0.0.2' })).toBe(true);
  });

  it('is never a request for another host, from elsewhere, or through a proxy', () => {
    expect(local('shop.example')).toBe(false);
    expect(local('localhost.evil.example')).toBe(false);
    expect(local('127.0.0.1:4321', { peer: '203.0.113.9' })).toBe(false);
    expect(local('127.0.0.1:4321', { peer: '2001:db8::1' })).toBe(false);
    expect(local('127.0.0.1:4321', { viaProxy: true })).toBe(false);
    for (const header of [
      'X-Forwarded-For',
      'X-Forwarded-Proto',
      'X-Forwarded-Host',
      'Forwarded',
      'X-Real-IP',
      'Via',
    ]) {
      expect(local('127.0.0.1:4321', { headers: { [header]: '1' } }), header).toBe(false);
    }
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax and on path /; Secure with a __Host- name over HTTPS', () => {
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    // A day, less the moment that has passed since `expires` was set (Max-Age counts whole seconds).
    expect(sessionCookie('abc', expires, false)).toMatch(
      /^session=abc; Path=\/; Max-Age=(?:86399|86400); HttpOnly; SameSite=Lax$/,
    );
    expect(sessionCookie('abc', expires, true)).toMatch(
      /^__Host-session=abc; Path=\/; .*HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(sessionCookie(null, null, false)).toMatch(/^session=; Path=\/; Max-Age=0;/);
  });

  it('is read from a Cookie header among others, by the name of the scheme', () => {
    expect(tokensFromCookies('a=1; session=tok; b=2', false)).toEqual(['tok']);
    expect(tokensFromCookies('session=tok', true)).toEqual([]);
    expect(tokensFromCookies('__Host-session=tok', true)).toEqual(['tok']);
    expect(tokensFromCookies(null, false)).toEqual([]);
  });

  it('keeps every cookie of the name, so that one planted first does not hide the real one', () => {
    expect(tokensFromCookies('__Host-session=planted; session=x; __Host-session=real', true)).toEqual([
      'planted',
      'real',
    ]);
    expect(tokensFromCookies('session=a; session=a; session=b; session=c; session=d', false)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('is Secure as the request came, over HTTPS or through a trusted proxy, whatever the build site says', () => {
    const site = new URL('https://shop.example');
    // The whole context, whose site (the build's SITE_URL) says https.
    const over = (url: string, overHttps?: boolean) => {
      const context = { url: new URL(url), site, locals: { overHttps } as App.Locals };
      return isSecure(context);
    };
    expect(over('http://127.0.0.1:4321/api/v1/auth/session')).toBe(false);
    expect(over('http://127.0.0.1:4321/api/v1/auth/session', true)).toBe(true);
    expect(over('https://shop.example/api/v1/auth/session')).toBe(true);
  });
});

describe('the HTTP SMS sender, against a stand-in provider', () => {
  let answer: { status: number; body: string; hang?: boolean } = { status: 201, body: '{"sid":"SM1"}' };
  const received: { request: IncomingMessage; body: string }[] = [];
  const provider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ request, body });
      if (answer.hang) return;
      response.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body);
    });
  });
  let sender: SmsSender;

  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    sender = httpSmsSender({
      apiUrl: `http://127.0.0.1:${port}`,
      accountSid: 'AC123',
      authToken: 'token',
      from: '+15005550006',
      timeoutMs: 300,
    });
  });
  afterAll(async () => {
    provider.closeAllConnections();
    await new Promise((resolve) => provider.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
    answer = { status: 201, body: '{"sid":"SM1"}' };
  });

  const message = { id: 'msg-1', to: '+14155550199', body: '123456 is your code' };

  it("posts the number and text as Twilio's Messages API takes them, with basic auth and an idempotency token", async () => {
    await sender.send(message);
    const [{ request, body } = { request: undefined, body: '' }] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('AC123:token').toString('base64')}`);
    expect(request?.headers['i-twilio-idempotency-token']).toBe('msg-1');
    expect(Object.fromEntries(new URLSearchParams(body))).toEqual({
      To: '+14155550199',
      From: '+15005550006',
      Body: '123456 is your code',
    });
  });

  it('throws on a 4xx, naming the status and error code but never the number or text', async () => {
    answer = { status: 400, body: '{"code":21211,"message":"The To number +14155550199 is not valid"}' };
    const failure = await sender.send(message).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('SMS provider answered 400 (error 21211)');
  });

  it('throws on a 5xx and on a provider that does not answer in time', async () => {
    answer = { status: 503, body: 'down' };
    await expect(sender.send(message)).rejects.toThrow('SMS provider answered 503');
    answer = { status: 201, body: '{}', hang: true };
    await expect(sender.send(message)).rejects.toThrow(/did not answer within 300 ms/);
  });
});

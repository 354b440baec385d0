// Sign-in as a stranger would try to borrow or abuse it (issue 73): the demo code from elsewhere,
// guesses across codes, cookies planted beside the real one. API only, on servers of their own.
import { expect, test } from '@playwright/test';
import { sqliteDatabase, type TestDatabase } from '../support/databases.ts';
import { send, type SentAnswer } from '../support/http.ts';
import { startServer, type ShopServer } from '../support/server.ts';
import { latestCode, startSmsProvider, type SmsProvider } from '../support/smsProvider.ts';

test.describe.configure({ mode: 'default' });

let database: TestDatabase;
let server: ShopServer;
let provider: SmsProvider | undefined;

/** A server on a database of its own, its per-address limits raised: a test sends from one address. */
async function start(env: Record<string, string> = {}) {
  database = sqliteDatabase();
  server = await startServer({ ...database.env, RATE_LIMIT_PER_MINUTE: '1000', ...env });
}
test.afterEach(async () => {
  await server.stop();
  await database.drop();
  await provider?.close();
  provider = undefined;
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  send(server.url + path, {
    headers: { 'Content-Type': 'application/json', ...headers },
    body: [JSON.stringify(body)],
  });
const json = (reply: SentAnswer) => JSON.parse(reply.text) as Record<string, unknown>;
const sessionOf = (reply: SentAnswer) => /^[^;]+/.exec(String(reply.headers['set-cookie'] ?? ''))?.[0] ?? '';

test('the demo code signs in only a request made on the shop’s own machine: others are told sign-in is not set up', async () => {
  await start();
  const phone = '4155550131';
  const strangers: Record<string, Record<string, string>> = {
    'a public host': { Host: 'shop.example' },
    'a host that only starts like this one': { Host: 'localhost.evil.example' },
    'a request through a proxy': { 'X-Forwarded-For': '203.0.113.7' },
    'a request a proxy passed on over HTTPS': { 'X-Forwarded-Proto': 'https', Host: '127.0.0.1' },
  };
  for (const [who, headers] of Object.entries(strangers)) {
    const sent = await post('/api/v1/auth/code', { phone }, headers);
    expect(sent.status, who).toBe(503);
    expect(json(sent), who).toMatchObject({
      success: false,
      reason: 'not-set-up',
      message: expect.stringMatching(/^Failed to send OTP: sign-in is not set up on this shop yet/),
    });
    const checked = await post('/api/v1/auth/session', { phone, code: '123456' }, headers);
    expect(checked.status, who).toBe(503);
    expect(json(checked), who).toMatchObject({ reason: 'not-set-up' });
    expect(checked.headers['set-cookie'], who).toBeUndefined();
  }
  // On the machine itself, as the browser tests sign in, the demo code works.
  expect(json(await post('/api/v1/auth/code', { phone }))).toMatchObject({ success: true, demo: true });
  const local = await post('/api/v1/auth/session', { phone, code: '123456' });
  expect(local.status).toBe(200);
  expect(sessionOf(local)).toMatch(/^session=[\w-]{43}$/);
});

test('behind a trusted proxy the demo code never signs in, even for a request that says localhost', async () => {
  await start({ TRUST_PROXY: '127.0.0.1' });
  const viaProxy = { Host: 'localhost', 'X-Forwarded-For': '127.0.0.1' };
  expect((await post('/api/v1/auth/code', { phone: '4155550132' }, viaProxy)).status).toBe(503);
  const checked = await post('/api/v1/auth/session', { phone: '4155550132', code: '123456' }, viaProxy);
  expect(checked.status).toBe(503);
  expect(checked.headers['set-cookie']).toBeUndefined();
});

test('11 wrong guesses across three codes: the phone waits, saying until when, even with the right code', async () => {
  test.slow();
  await start({ AUTH_RESEND_SECONDS: '1' });
  const phone = '4155550133';
  const statuses: number[] = [];
  for (const wrongs of [4, 4, 2]) {
    await expect.poll(async () => (await post('/api/v1/auth/code', { phone })).status).toBe(200);
    for (let n = 0; n < wrongs; n += 1) {
      statuses.push((await post('/api/v1/auth/session', { phone, code: '000000' })).status);
    }
  }
  expect(statuses).toEqual(Array(10).fill(400));
  const eleventh = await post('/api/v1/auth/session', { phone, code: '000000' });
  expect(eleventh.status).toBe(429);
  const body = json(eleventh);
  expect(body).toMatchObject({
    success: false,
    reason: 'locked',
    message: expect.stringMatching(
      /^Too many wrong codes for this phone: sign-in for it waits until \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in 60 minutes\)\.$/,
    ),
  });
  const until = Date.parse(String(body['until']));
  expect(until - Date.now()).toBeGreaterThan(3_500_000);
  expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(3_500);

  const right = await post('/api/v1/auth/session', { phone, code: '123456' });
  expect(json(right)).toMatchObject({ reason: 'locked' });
  expect(right.headers['set-cookie']).toBeUndefined();
  const resend = await post('/api/v1/auth/code', { phone });
  expect(resend.status).toBe(429);
  expect(json(resend)).toMatchObject({ reason: 'locked', until: body['until'] });
  // Another phone is not held back.
  expect((await post('/api/v1/auth/code', { phone: '4155550134' })).status).toBe(200);
});

test('over HTTPS through a trusted proxy the cookie is Secure and __Host-, and one planted beside it does not hide it', async () => {
  provider = await startSmsProvider();
  await start({ ...provider.env, TRUST_PROXY: '127.0.0.1' });
  const https = { 'X-Forwarded-Proto': 'https' };
  const phone = '4155550135';
  expect((await post('/api/v1/auth/code', { phone }, https)).status).toBe(200);
  const signedIn = await post(
    '/api/v1/auth/session',
    { phone, code: latestCode(provider, '+14155550135') },
    https,
  );
  expect(signedIn.status).toBe(200);
  expect(String(signedIn.headers['set-cookie'])).toMatch(/^__Host-session=[\w-]{43}; Path=\/; .*; Secure$/);
  const real = sessionOf(signedIn);
  const token = real.slice('__Host-session='.length);
  const account = (cookie: string) =>
    send(`${server.url}/api/v1/account`, { method: 'GET', headers: { ...https, Cookie: cookie } });
  expect((await account(real)).status).toBe(200);
  // Planted first (a nameless cookie reads as `__Host-session=…`), or as the plain name over HTTP.
  expect((await account(`__Host-session=${'A'.repeat(43)}; ${real}`)).status).toBe(200);
  expect((await account(`session=${'A'.repeat(43)}; ${real}`)).status).toBe(200);
  // The plain name is never read over HTTPS.
  expect((await account(`session=${token}`)).status).toBe(401);
});

test('codes are texted only to valid mobile numbers in the countries the shop delivers to, on the phone step', async () => {
  await start();
  const refused: [string, RegExp][] = [
    ['0000000', /digits/],
    ['415 555 0199 12', /not a valid phone number/],
    ['+1 900 555 0100', /only text codes to a mobile phone/],
    ['+1 800 555 0100', /only text codes to a mobile phone/],
    ['+881 6 1234 5678', /countries we deliver to/],
    ['+7 912 345 67 89', /countries we deliver to/],
  ];
  for (const [phone, message] of refused) {
    const reply = await post('/api/v1/auth/code', { phone });
    expect(reply.status, phone).toBe(400);
    expect(json(reply), phone).toMatchObject({ success: false, message: expect.stringMatching(message) });
  }
  // 001 and 011 are the international prefix: the same phone, one account.
  expect(json(await post('/api/v1/auth/code', { phone: '001 415 555 0136' }))).toMatchObject({
    success: true,
    phone: '+14155550136',
  });
  expect(json(await post('/api/v1/auth/code', { phone: '011 1 415 555 0136' }))).toMatchObject({
    reason: 'cooldown',
    phone: '+14155550136',
  });
});

test("the shop's hourly budget of texts stops sending and tells the merchant, once", async () => {
  await start({ AUTH_TEXTS_PER_HOUR: '2', MERCHANT_EMAIL: 'owner@shop.example' });
  for (const phone of ['4155550137', '4155550138']) {
    expect((await post('/api/v1/auth/code', { phone })).status).toBe(200);
  }
  for (const phone of ['4155550139', '4155550140']) {
    const spent = await post('/api/v1/auth/code', { phone });
    expect(spent.status).toBe(503);
    expect(json(spent)).toMatchObject({
      reason: 'spent',
      message: expect.stringMatching(/^Failed to send OTP: the shop cannot text more codes just now/),
    });
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(3_000);
  }
  await expect.poll(() => server.output().match(/Sign-in codes stopped/g)?.length ?? 0).toBe(1);
  expect(server.output()).toMatch(/budget of 2 texts an hour \(AUTH_TEXTS_PER_HOUR\) is spent/);
  expect(server.output()).not.toMatch(/0139|0140/);
});

test('65 IPv6 addresses in one /64 share one client limit; another /64 has its own', async () => {
  // The default limit of 5 a minute for each client.
  await start({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '5' });
  const from = (address: string) =>
    post(
      '/api/v1/contact/create',
      { name: 'Neighbour', email: 'n@example.com', message: `from ${address}` },
      { 'X-Forwarded-For': address },
    );
  const statuses = [];
  for (let n = 1; n <= 65; n += 1) statuses.push((await from(`2001:db8:0:1::${n.toString(16)}`)).status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(5);
  expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
  expect((await from('2001:db8:0:2::1')).status).toBe(201);
});

test("the owner's remembered browser signs in during a flood; a forged or another phone's device cookie does not", async () => {
  test.slow();
  await start({ AUTH_RESEND_SECONDS: '1' });
  const phone = '4155550141';
  const cookiesOf = (reply: SentAnswer) =>
    (reply.headers['set-cookie'] ?? []).map((cookie) => /^[^;]+/.exec(cookie)?.[0] ?? '');
  // The owner signed in in this browser before: it keeps the device cookie.
  expect((await post('/api/v1/auth/code', { phone })).status).toBe(200);
  const [, device = ''] = cookiesOf(await post('/api/v1/auth/session', { phone, code: '123456' }));
  expect(device).toMatch(/^device=[\w-]{22}\.[\w-]{43}$/);

  // A flood from elsewhere: new codes and ten wrong guesses across them.
  for (const wrongs of [4, 4, 2]) {
    await expect.poll(async () => (await post('/api/v1/auth/code', { phone })).status).toBe(200);
    for (let n = 0; n < wrongs; n += 1) await post('/api/v1/auth/session', { phone, code: '000000' });
  }
  expect(json(await post('/api/v1/auth/code', { phone }))).toMatchObject({ reason: 'locked' });

  // Another phone's device cookie, or a forged one, is a stranger's.
  expect((await post('/api/v1/auth/code', { phone: '4155550142' })).status).toBe(200);
  const [, theirs = ''] = cookiesOf(
    await post('/api/v1/auth/session', { phone: '4155550142', code: '123456' }),
  );
  for (const cookie of [theirs, `device=${'A'.repeat(22)}.${'B'.repeat(43)}`]) {
    expect(json(await post('/api/v1/auth/code', { phone }, { Cookie: cookie }))).toMatchObject({
      reason: 'locked',
    });
  }

  // The owner's browser has budgets of its own: a code, and in.
  const owner = { Cookie: device };
  expect(json(await post('/api/v1/auth/code', { phone }, owner))).toMatchObject({ success: true });
  const signedIn = await post('/api/v1/auth/session', { phone, code: '123456' }, owner);
  expect(signedIn.status).toBe(200);
  expect(cookiesOf(signedIn)[0]).toMatch(/^session=[\w-]{43}$/);
  // The stranger still waits.
  expect(json(await post('/api/v1/auth/session', { phone, code: '123456' }))).toMatchObject({
    reason: 'locked',
  });
});

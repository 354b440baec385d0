// API tests on servers of their own (their own database, rate limit and timeouts), so they use
// Playwright's plain `test`: no browser page is needed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createStore, type Store } from '#src/server/store/index.ts';
import { answer, expectApiAnswer } from '../support/answers.ts';
import { sqliteDatabase, type TestDatabase } from '../support/databases.ts';
import { raw, send } from '../support/http.ts';
import { startServer, type ShopServer } from '../support/server.ts';
import { CONTACT_MESSAGE } from '../support/shopData.ts';

test.describe.configure({ mode: 'default' });

const CONTACT = '/api/v1/contact/create';
const JSON_TYPE = { 'Content-Type': 'application/json' };

let server: ShopServer;
let database: TestDatabase;
let store: Store;

test.beforeAll(async () => {
  database = sqliteDatabase();
  server = await startServer({
    ...database.env,
    RATE_LIMIT_PER_MINUTE: '100000',
    REQUEST_TIMEOUT_MS: '1500',
  });
  store = createStore(database.config);
});

test.afterAll(async () => {
  await server.stop();
  await store.close();
  await database.drop();
});

const post = async (body: unknown, headers: Record<string, string> = JSON_TYPE, path = CONTACT) =>
  answer(
    await fetch(server.url + path, {
      method: 'POST',
      headers,
      body: typeof body === 'string' || body instanceof Uint8Array ? Buffer.from(body) : JSON.stringify(body),
    }),
  );

/** The stored message whose text is `message`, if any. */
const stored = async (message: string) =>
  (await store.recentMessages(1000)).filter((m) => m.message === message);

test.describe('POST /api/v1/contact/create', () => {
  test('stores a valid message with its time and answers 201', async () => {
    const message = `${CONTACT_MESSAGE.message} ${Date.now()}`;
    expectApiAnswer(
      await post({ ...CONTACT_MESSAGE, message }),
      201,
      'Thank you! Your message has been sent.',
    );
    const [saved] = await stored(message);
    expect(saved).toMatchObject({ name: CONTACT_MESSAGE.name, email: CONTACT_MESSAGE.email, message });
    expect(Date.now() - Date.parse(saved?.createdAt ?? '')).toBeLessThan(60_000);
  });

  test('trims the fields and lower-cases the email before storing', async () => {
    const message = `trimmed ${Date.now()}`;
    expectApiAnswer(
      await post({ name: '  Asha  ', email: ' Asha@Example.COM ', message: `  ${message}\n` }),
      201,
      /sent/,
    );
    expect(await stored(message)).toMatchObject([{ name: 'Asha', email: 'asha@example.com' }]);
  });

  const invalid: [string, unknown, string | RegExp][] = [
    ['a missing name', { email: CONTACT_MESSAGE.email, message: 'hi' }, 'Name is required.'],
    ['a name of spaces', { ...CONTACT_MESSAGE, name: '   ' }, 'Name is required.'],
    [
      'a name of 101 characters',
      { ...CONTACT_MESSAGE, name: 'n'.repeat(101) },
      'Name must be at most 100 characters.',
    ],
    ['a name that is an object', { ...CONTACT_MESSAGE, name: { first: 'Asha' } }, 'Name must be text.'],
    [
      'an email without a domain',
      { ...CONTACT_MESSAGE, email: 'asha@' },
      'Email must be a valid email address.',
    ],
    [
      'an email made of emoji',
      { ...CONTACT_MESSAGE, email: '🌶️@example.com' },
      'Email must be a valid email address.',
    ],
    ['a missing message', { name: 'A', email: CONTACT_MESSAGE.email }, 'Message is required.'],
    [
      'a message of 5,001 characters',
      { ...CONTACT_MESSAGE, message: 'm'.repeat(5001) },
      'Message must be at most 5,000 characters.',
    ],
    [
      'a message with a NUL byte',
      { ...CONTACT_MESSAGE, message: 'a\u0000b' },
      'Message must not contain control characters.',
    ],
    ['a list instead of an object', [CONTACT_MESSAGE], 'Send a JSON object with name, email and message.'],
    ['a bare string', '"hello"', 'Send a JSON object with name, email and message.'],
    ['null', 'null', 'Send a JSON object with name, email and message.'],
    [
      'several wrong fields',
      { message: 'hi', email: 'x' },
      'Name is required. Email must be a valid email address.',
    ],
  ];
  for (const [label, body, message] of invalid) {
    test(`answers 400 naming the problem for ${label}`, async () => {
      expectApiAnswer(await post(body), 400, message);
    });
  }

  test('answers 400 for a name with half an emoji (a lone surrogate)', async () => {
    const body = `{"name":"Asha \\ud83c","email":"asha@example.com","message":"hi"}`;
    expectApiAnswer(await post(body), 400, 'Name is not valid Unicode text.');
  });

  test('answers 400 for malformed JSON, an empty body and bytes that are not UTF-8', async () => {
    expectApiAnswer(await post('{"name": "Asha",'), 400, 'The request body is not valid JSON.');
    expectApiAnswer(await post(''), 400, 'The request body is empty: send a JSON object.');
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('{"name":"Z'),
      0xeb,
      ...new TextEncoder().encode('"}'),
    ]);
    expectApiAnswer(await post(latin1), 400, 'The request body is not valid UTF-8 text.');
  });

  test('answers 413 to a body over 16 KiB, declared or streamed without a length', async () => {
    expectApiAnswer(await post({ ...CONTACT_MESSAGE, message: 'x'.repeat(17_000) }), 413, /too large/);
    const chunk = 'x'.repeat(1024);
    const streamed = await send(server.url + CONTACT, {
      headers: JSON_TYPE,
      body: [`{"name":"A","email":"a@b.io","message":"`, ...Array<string>(20).fill(chunk), '"}'],
    });
    expectApiAnswer(streamed, 413, 'The request body is too large: the limit is 16 KB.');
  });

  test('answers 415 to anything but JSON', async () => {
    const body = JSON.stringify(CONTACT_MESSAGE);
    const message = 'Send the request as JSON (Content-Type: application/json).';
    expectApiAnswer(await post(body, { 'Content-Type': 'text/plain' }), 415, message);
    expectApiAnswer(
      await post('name=Asha', { 'Content-Type': 'application/x-www-form-urlencoded' }),
      415,
      message,
    );
    expectApiAnswer(await send(server.url + CONTACT, { body: [body] }), 415, message);
  });

  test('answers 405 with Allow: POST to every other method', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const reply = await answer(await fetch(server.url + CONTACT, { method }));
      expectApiAnswer(reply, 405, 'This address only accepts POST requests.');
      expect(reply.headers['allow']).toBe('POST');
    }
  });

  test('answers 403 to a page of another site, and accepts its own origin', async () => {
    const message = 'Requests from other sites are not accepted.';
    expectApiAnswer(
      await post(CONTACT_MESSAGE, { ...JSON_TYPE, Origin: 'https://evil.example' }),
      403,
      message,
    );
    expectApiAnswer(await post(CONTACT_MESSAGE, { ...JSON_TYPE, Origin: 'null' }), 403, message);
    expectApiAnswer(
      await post(CONTACT_MESSAGE, { ...JSON_TYPE, 'Sec-Fetch-Site': 'cross-site' }),
      403,
      message,
    );
    expectApiAnswer(await post(CONTACT_MESSAGE, { ...JSON_TYPE, Origin: server.url }), 201, /sent/);
  });
});

test.describe('bad input', () => {
  test('stores unicode and emoji in the name and message exactly', async () => {
    const message = `Ça marche? 山椒 🌶️🔥 👩🏽‍🍳 ${Date.now()}`;
    expectApiAnswer(await post({ ...CONTACT_MESSAGE, name: 'Zoë 山田 🌶️', message }), 201, /sent/);
    expect(await stored(message)).toMatchObject([{ name: 'Zoë 山田 🌶️', message }]);
  });

  test('stores a message of 5,000 three-byte characters exactly', async () => {
    const message = '字'.repeat(4990) + Date.now().toString().slice(-10);
    expect([...message]).toHaveLength(5000);
    expectApiAnswer(await post({ ...CONTACT_MESSAGE, message }), 201, /sent/);
    expect(await stored(message)).toHaveLength(1);
  });

  test('refuses 5,000 emoji with 413: 20 KB is over the body limit', async () => {
    expectApiAnswer(await post({ ...CONTACT_MESSAGE, message: '🌶'.repeat(5000) }), 413, /too large/);
  });

  test('ignores extra fields and takes the last of duplicated keys', async () => {
    const message = `extras ${Date.now()}`;
    expectApiAnswer(
      await post({ ...CONTACT_MESSAGE, message, admin: true, id: 'x', createdAt: '1999' }),
      201,
      /sent/,
    );
    const [saved] = await stored(message);
    expect(Object.keys(saved ?? {}).sort()).toEqual(['createdAt', 'email', 'id', 'message', 'name']);
    expect(saved?.id).not.toBe('x');
    const duplicated = `duplicated ${Date.now()}`;
    const body = `{"name":"First","name":"Last","email":"a@b.io","message":"${duplicated}"}`;
    expectApiAnswer(await post(body), 201, /sent/);
    expect(await stored(duplicated)).toMatchObject([{ name: 'Last' }]);
  });

  test('stores a body sent in chunks without Content-Length', async () => {
    const message = `chunked ${Date.now()}`;
    const text = JSON.stringify({ ...CONTACT_MESSAGE, message });
    const reply = await send(server.url + CONTACT, {
      headers: JSON_TYPE,
      body: [text.slice(0, 10), { pause: 50 }, text.slice(10)],
    });
    expectApiAnswer(reply, 201, /sent/);
    expect(await stored(message)).toHaveLength(1);
  });

  test('answers 400 to a chunked body that stops halfway through the JSON', async () => {
    const reply = await send(server.url + CONTACT, { headers: JSON_TYPE, body: ['{"name":"Asha","ema'] });
    expectApiAnswer(reply, 400, 'The request body is not valid JSON.');
  });

  test('times out a body shorter than its Content-Length with 408', async () => {
    const reply = await send(server.url + CONTACT, {
      headers: { ...JSON_TYPE, 'Content-Length': '200' },
      body: ['{"name":"Asha","email":', { pause: 4000 }],
    });
    expectApiAnswer(reply, 408, 'The request took too long to arrive.');
  });

  test('times out a client sending one byte a second, and answers others meanwhile', async () => {
    const text = JSON.stringify(CONTACT_MESSAGE);
    const slow = send(server.url + CONTACT, {
      headers: { ...JSON_TYPE, 'Content-Length': String(Buffer.byteLength(text)) },
      body: [...text.slice(0, 6)].flatMap((char) => [char, { pause: 1000 }]),
    });
    expectApiAnswer(await post(CONTACT_MESSAGE), 201, /sent/);
    expectApiAnswer(await slow, 408, 'The request took too long to arrive.');
  });

  test('survives a client that hangs up halfway through the body', async () => {
    const head = `POST ${CONTACT} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    await raw(server.port, [head, '{"name":"Asha",', { pause: 100 }], { hangUp: true });
    expectApiAnswer(await post(CONTACT_MESSAGE), 201, /sent/);
  });

  test('answers 400 to a body sent without Content-Length or chunking', async () => {
    const request = `POST ${CONTACT} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify(CONTACT_MESSAGE)}`;
    const reply = await raw(server.port, [request]);
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).toContain('"success":false');
  });

  test('answers 400 to a request line that is not HTTP', async () => {
    const reply = await raw(server.port, ['HELLO THERE\r\n\r\n']);
    expect(reply).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect(reply).toContain('{"success":false,"message":"The request is malformed."}');
  });

  test('answers 431 to an address longer than the headers may be', async () => {
    const reply = await raw(server.port, [`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`]);
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    expect(reply).toContain('"message":"The request headers are too large."');
  });

  test('still serves pages and stores messages after all of that', async () => {
    expect((await fetch(server.url)).status).toBe(200);
    expectApiAnswer(await post(CONTACT_MESSAGE), 201, /sent/);
  });
});

test.describe('POST /api/v1/newsletter', () => {
  test('stores an address once however often it subscribes, in any case', async () => {
    const email = `Asha.${Date.now()}@Example.com`;
    for (const variant of [email, email.toLowerCase(), ` ${email.toUpperCase()} `]) {
      expectApiAnswer(
        await post({ email: variant }, JSON_TYPE, '/api/v1/newsletter'),
        200,
        'Thank you for subscribing to our newsletter.',
      );
    }
    const rows = (await store.recentSubscriptions(1000)).filter((s) => s.email === email.toLowerCase());
    expect(rows).toHaveLength(1);
  });

  test('is hardened like the contact endpoint', async () => {
    const path = '/api/v1/newsletter';
    expectApiAnswer(
      await post({ email: 'nope' }, JSON_TYPE, path),
      400,
      'Email must be a valid email address.',
    );
    expectApiAnswer(await post({}, JSON_TYPE, path), 400, 'Email is required.');
    expectApiAnswer(await post('{"email":', JSON_TYPE, path), 400, 'The request body is not valid JSON.');
    expectApiAnswer(await post({ email: 'x'.repeat(17_000) }, JSON_TYPE, path), 413, /too large/);
    expectApiAnswer(await post('email=a@b.io', { 'Content-Type': 'text/plain' }, path), 415, /JSON/);
    expectApiAnswer(await answer(await fetch(server.url + path)), 405, /only accepts POST/);
    const foreign = { ...JSON_TYPE, Origin: 'https://evil.example' };
    expectApiAnswer(await post({ email: 'a@b.io' }, foreign, path), 403, /other sites/);
  });
});

test.describe('a client that sends too much', () => {
  let limited: ShopServer;
  let limitedDatabase: TestDatabase;

  test.beforeAll(async () => {
    limitedDatabase = sqliteDatabase();
    limited = await startServer({ ...limitedDatabase.env, RATE_LIMIT_PER_MINUTE: '3' });
  });
  test.afterAll(async () => {
    await limited.stop();
    await limitedDatabase.drop();
  });

  test('gets 429 with Retry-After past the limit, on each endpoint separately', async () => {
    const to = (path: string, body: unknown) =>
      fetch(limited.url + path, { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) }).then(
        answer,
      );
    for (let i = 0; i < 3; i++) expectApiAnswer(await to(CONTACT, CONTACT_MESSAGE), 201, /sent/);
    const refused = await to(CONTACT, CONTACT_MESSAGE);
    expectApiAnswer(refused, 429, 'Too many requests: please wait a minute and try again.');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expectApiAnswer(await to('/api/v1/newsletter', { email: 'a@b.io' }), 200, /Thank you/);
  });
});

test.describe('a server whose database is down', () => {
  let broken: ShopServer;
  let brokenDatabase: TestDatabase;

  test.beforeAll(async () => {
    brokenDatabase = sqliteDatabase();
    const blocker = join(brokenDatabase.config.dataDir, 'a-file');
    writeFileSync(blocker, '');
    broken = await startServer({ DATA_DIR: join(blocker, 'data'), DATABASE_URL: '' });
  });
  test.afterAll(async () => {
    await broken.stop();
    await brokenDatabase.drop();
  });

  test('answers 503 to messages and subscriptions but still serves pages', async () => {
    const to = (path: string, body: unknown) =>
      fetch(broken.url + path, { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) }).then(
        answer,
      );
    const message = await to(CONTACT, CONTACT_MESSAGE);
    expectApiAnswer(message, 503, 'We could not save your message right now. Please try again later.');
    expect(message.headers['retry-after']).toBe('30');
    expectApiAnswer(
      await to('/api/v1/newsletter', { email: 'a@b.io' }),
      503,
      'We could not save your subscription right now. Please try again later.',
    );
    expect((await fetch(broken.url)).status).toBe(200);
    expect(broken.output()).not.toMatch(/\n\s+at /);
  });
});

// What operators and load balancers rely on: probes, one JSON log line a request, no unused
// routes, and the event loop free while SQLite is locked by another process.
// API only: Playwright's plain `test`, no browser page.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectApiAnswer } from '../support/answers.ts';
import { sqliteDatabase, type TestDatabase } from '../support/databases.ts';
import { send } from '../support/http.ts';
import { postContact, postOrder } from '../support/requests.ts';
import { signInOver } from '../support/session.ts';
import { startServer, type ShopServer } from '../support/server.ts';

test.describe.configure({ mode: 'default' });

let server: ShopServer;
let database: TestDatabase;
test.beforeAll(async () => {
  database = sqliteDatabase();
  server = await startServer({ ...database.env, RATE_LIMIT_PER_MINUTE: '100000' });
});
test.afterAll(async () => {
  await server.stop();
  await database.drop();
});

const get = (path: string) => send(server.url + path, { method: 'GET' });
const asBrowser = (path: string) =>
  send(server.url + path, { method: 'GET', headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });

/** The JSON log lines the server printed for `path` (without its query). */
const logLines = (path: string) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line['path'] === path);

test('the catalogue and the first product page are rendered before the server takes connections', async () => {
  const { products } = JSON.parse((await get('/api/v1/product')).text) as { products: { _id: string }[] };
  const [first, second] = products;
  // Before the listening line: each had its one log line, then the server took connections.
  const listening = server.output().indexOf('[server] listening');
  for (const path of ['/products', `/products/${first?._id}`]) {
    const [warmed] = logLines(path);
    expect(warmed?.['status'], path).toBe(200);
    expect(server.output().indexOf(`"path":"${path}"`), path).toBeLessThan(listening);
    // Answered from the copy kept then, compressed as a browser takes it.
    expect((await asBrowser(path)).headers['x-astro-cache'], path).toBe('HIT');
  }
  // Another product is rendered when first asked for.
  expect((await asBrowser(`/products/${second?._id}`)).headers['x-astro-cache']).toBe('MISS');
});

test('/healthz says the process is alive, /readyz that the database is migrated', async () => {
  for (const path of ['/healthz', '/readyz']) {
    const reply = await get(path);
    expect(reply.status, path).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(reply.text)).toMatchObject({ ok: true });
  }
  expect(JSON.parse((await get('/readyz')).text)).toEqual({ ok: true, database: 'sqlite' });
  expect((await send(`${server.url}/healthz`, { method: 'POST' })).status).toBe(405);
});

test('a TRUST_PROXY that is neither a hop count nor addresses stops the server at start, naming it', async () => {
  await expect(
    startServer({ DATA_DIR: database.config.dataDir, TRUST_PROXY: '127.0.0.1, nginx' }),
  ).rejects.toThrow(
    /server exited with 1:\n\[server\] cannot start: TRUST_PROXY: "nginx" is not an IP address or CIDR range/,
  );
});

test('any other setting that cannot work stops the server at start with one line naming it, no stack trace', async () => {
  test.setTimeout(120_000); // A server start a row, about a second each.
  for (const [settings, message] of [
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535, not "abc".'],
    [
      { REQUEST_TIMEOUT_MS: '-1' },
      'REQUEST_TIMEOUT_MS must be a whole number from 0 to 2147483647, not "-1".',
    ],
    [
      { OUTBOX_LEASE_SECONDS: 'abc' },
      'OUTBOX_LEASE_SECONDS must be a whole number from 1 to 2147483647, not "abc".',
    ],
    ...(
      [
        ['RATE_LIMIT_PER_MINUTE', '0'],
        ['RATE_LIMIT_PER_MINUTE', 'abc'],
        ['AUTH_CODE_TTL_SECONDS', 'abc'],
        ['AUTH_CODE_MAX_ATTEMPTS', '0'],
        ['AUTH_RESEND_SECONDS', '-5'],
        ['AUTH_SENDS_PER_PHONE', '2.5'],
        ['AUTH_SEND_WINDOW_SECONDS', 'abc'],
        ['AUTH_WRONG_PER_HOUR', '0'],
        ['AUTH_WRONG_PER_DAY', 'abc'],
        ['AUTH_TEXTS_PER_HOUR', '1.5'],
        ['SMS_TIMEOUT_MS', 'abc'],
      ] as const
    ).map(
      ([name, value]) =>
        [{ [name]: value }, `${name} must be a whole number from 1 to 2147483647, not "${value}".`] as const,
    ),
    [{ SESSION_DAYS: 'abc' }, 'SESSION_DAYS must be a whole number from 1 to 36500, not "abc".'],
    [
      { DEFAULT_COUNTRY_CODE: 'abc' },
      'DEFAULT_COUNTRY_CODE must be a calling code of 1 to 3 digits (44, or +44), not "abc".',
    ],
    [
      { OUTBOX_SENDER: 'of' },
      'OUTBOX_SENDER must be "off" (another process sends the outbox) or unset, not "of".',
    ],
    ...['notaurl', 'ftp://x.example'].flatMap((url) =>
      [{}, { DEMO_MODE: 'on' }].map(
        (demo) =>
          [
            { SITE_URL: url, ...demo },
            'SITE_URL must be an http:// or https:// URL, such as https://shop.example.',
          ] as const,
      ),
    ),
    ...['notaurl', 'http://127.0.0.1:2525'].map(
      (url) =>
        [
          { SMTP_URL: url },
          'SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:pass@host:587.',
        ] as const,
    ),
    [
      { SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 't', SMS_FROM: '+15550100', SMS_API_URL: 'notaurl' },
      'SMS_API_URL must be an http:// or https:// URL, such as https://api.twilio.com.',
    ],
    [
      { SERVER_CERT_PATH: '/nonexistent/shop.crt' },
      'SERVER_CERT_PATH is set without SERVER_KEY_PATH: set both to serve HTTPS, or neither for HTTP.',
    ],
    [
      { SERVER_KEY_PATH: '/nonexistent/shop.key' },
      'SERVER_KEY_PATH is set without SERVER_CERT_PATH: set both to serve HTTPS, or neither for HTTP.',
    ],
    [
      { SERVER_CERT_PATH: '/nonexistent/shop.crt', SERVER_KEY_PATH: '/nonexistent/shop.key' },
      'SERVER_CERT_PATH: cannot read /nonexistent/shop.crt (ENOENT): give the path of a file this process may read.',
    ],
    [
      { SERVER_CERT_PATH: 'package.json', SERVER_KEY_PATH: 'package.json' },
      'SERVER_CERT_PATH: package.json is not a PEM certificate: give a file that begins with -----BEGIN.',
    ],
    [
      { DATABASE_URL: 'mysql://shop@localhost/shop' },
      'DATABASE_URL must be a postgres:// URL (leave it unset for SQLite).',
    ],
    [{ SMS_ACCOUNT_SID: 'AC1' }, 'SMS_ACCOUNT_SID is set: SMS_AUTH_TOKEN and SMS_FROM must be set too.'],
    [
      { SMS_COUNTRIES: 'US, UK' },
      'SMS_COUNTRIES must be a comma list of country codes (US, CA, GB), not "UK".',
    ],
    [{ TRACKING_LINK_DAYS: '0' }, 'TRACKING_LINK_DAYS must be a whole number from 1 to 36500, not "0".'],
  ] as const) {
    const failure = await startServer({ DATA_DIR: database.config.dataDir, ...settings }).then(
      async (server) => {
        await server.stop();
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(failure).toBe(`server exited with 1:\n[server] cannot start: ${message}\n`);
  }
});

test('/readyz answers 503 when the database cannot be opened; /healthz still 200', async () => {
  const broken = await startServer({ DATA_DIR: '/dev/null/shop', DATABASE_URL: '' });
  try {
    const ready = await send(`${broken.url}/readyz`, { method: 'GET' });
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toEqual({
      ok: false,
      database: 'sqlite',
      message: 'The database is unreachable or its migrations are not applied.',
    });
    expect((await send(`${broken.url}/healthz`, { method: 'GET' })).status).toBe(200);
  } finally {
    await broken.stop();
  }
});

test('logs one JSON line a request, with its id, and neither the query nor a phone', async () => {
  // A phone in the address is refused (400), and its request still logs no phone and no query.
  const reply = await get('/api/v1/orders/ORD-1?phone=%2B14155550199');
  expect(reply.status).toBe(400);
  const id = reply.headers['x-request-id'];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(() => logLines('/api/v1/orders/ORD-1')).toHaveLength(1);
  const [line] = logLines('/api/v1/orders/ORD-1');
  expect(Object.keys(line ?? {}).sort()).toEqual(['id', 'method', 'ms', 'path', 'status', 'time']);
  expect(line).toMatchObject({ id, method: 'GET', status: 400 });
  expect(typeof line?.['ms']).toBe('number');
  expect(server.output()).not.toMatch(/4155550199|phone=/);
});

test('an X-Request-Id from a client that is not a trusted proxy is replaced', async () => {
  const reply = await send(`${server.url}/healthz`, { method: 'GET', headers: { 'X-Request-Id': 'mine' } });
  expect(reply.headers['x-request-id']).not.toBe('mine');
});

test('Astro routes no page uses answer 404, and no rendered page links to them', async () => {
  for (const path of [
    '/_image?href=/favicon.svg&w=4000&f=png',
    '/_image',
    '/_image/',
    '/_server-islands/Anything',
  ]) {
    const reply = await get(path);
    expect(reply.status, path).toBe(404);
    expect(reply.text).toBe('Not found.');
  }
  for (const path of [
    '/',
    '/products?q=cumin',
    '/products/kashmiri-saffron',
    '/products/no-such-spice',
    '/track-order/ORD-1',
  ]) {
    expect((await get(path)).text, path).not.toContain('/_image');
  }
});

test("the build's own tables are read by the server and never served", async () => {
  for (const path of [
    '/build-tables/catalogue.json',
    '/build-tables/pictures.json',
    '/build-tables/products.json',
    '/products/pictures.json',
  ]) {
    expect((await get(path)).status, path).toBe(404);
  }
  // Read all the same: the catalogue's cards show the pictures the build drew.
  const catalogue = await get('/products');
  expect(catalogue.text).toMatch(/<img[^>]+src="\/_astro\/[^"]+\.webp"/);
});

test('while another process holds the write lock, pages answer at once and writes fail with 503 within 3 s', async () => {
  const cookie = await signInOver(server.url, '+1 415 555 0191');
  const holder = spawn(
    process.execPath,
    [
      '--no-warnings',
      '--input-type=module',
      '-e',
      `import { DatabaseSync } from 'node:sqlite';
       const db = new DatabaseSync(process.argv[1]);
       db.exec('BEGIN IMMEDIATE');
       console.log('locked');
       process.stdin.once('data', () => { db.exec('ROLLBACK'); process.exit(0); });`,
      join(database.config.dataDir, 'shop.sqlite'),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => holder.once('exit', resolve));
  try {
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    /** A write, and how long after it was sent the shop answered. */
    const timed = async <T>(write: () => Promise<T>) => {
      const sent = Date.now();
      const answer = await write();
      return { answer, afterMs: Date.now() - sent };
    };
    const contactWrite = timed(() => postContact(server.url, 'while locked'));
    // The message is waiting on the lock now: the event loop still serves pages and probes.
    let slowestPage = 0;
    for (const path of ['/', '/about', '/healthz', '/products?q=cumin']) {
      const asked = Date.now();
      expect((await get(path)).status, path).toBe(200);
      slowestPage = Math.max(slowestPage, Date.now() - asked);
    }
    // The order comes after the pages: its first read waits its turn behind the message, then its
    // write would wait for the lock. Both waits count against its 3 s (they were counted apart,
    // and it was refused after 6 s).
    const orderWrite = timed(() =>
      postOrder(server.url, 'key-locked-0123456789abcdef', { headers: { Cookie: cookie } }),
    );
    const [{ answer: contact, afterMs: contactMs }, { answer: order, afterMs: orderMs }] = await Promise.all([
      contactWrite,
      orderWrite,
    ]);
    console.log(
      `[server-operations] locked: pages in ${slowestPage} ms at most, the message refused after ${contactMs} ms, the order after ${orderMs} ms`,
    );
    expect(slowestPage).toBeLessThan(1_000);
    expect(contactMs).toBeLessThan(4_500);
    expect(orderMs).toBeLessThan(4_500);
    expectApiAnswer(contact, 503, /could not save your message right now/);
    expectApiAnswer(order, 503, /could not take your order right now/);
  } finally {
    holder.stdin.write('\n');
    await exited;
  }
  expectApiAnswer(await postContact(server.url, 'after the lock'), 201, /sent/);
});

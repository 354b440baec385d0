// Two server processes on one PostgreSQL behind nginx (deploy/nginx.conf), as the README's
// "Scaling out" runs them: limits per shopper, not per proxy, and no acknowledged message lost
// when a server dies. API only: Playwright's plain `test`, no browser page.
import { expect, test } from '@playwright/test';
import { createStore } from '#src/server/store/index.ts';
import { expectApiAnswer } from '../support/answers.ts';
import { POSTGRES_URL, postgresDatabase, type TestDatabase } from '../support/databases.ts';
import { NGINX, startProxiedShop, type ProxiedShop } from '../support/proxy.ts';
import { postContact, postOrder } from '../support/requests.ts';
import { signInOver } from '../support/session.ts';
import { latestCode, startSmsProvider } from '../support/smsProvider.ts';

test.describe.configure({ mode: 'default' });

const missing = !POSTGRES_URL
  ? 'TEST_DATABASE_URL is not set (.ci/run sets it)'
  : !NGINX
    ? 'nginx is not installed (apt-get install nginx-light; .ci/run installs it)'
    : '';
if (missing) console.log(`[proxy.spec] skipped: ${missing}`);
test.skip(Boolean(missing), missing);

/** The limit each client has (the servers' default, `RATE_LIMIT_PER_MINUTE` unset). */
const LIMIT = 5;

let database: TestDatabase;
let shop: ProxiedShop;
test.beforeEach(async () => {
  database = await postgresDatabase();
  shop = await startProxiedShop({ ...database.env, RATE_LIMIT_PER_MINUTE: String(LIMIT) });
});
test.afterEach(async () => {
  await shop.stop();
  await database.drop();
});

/** How many contact messages each server answered, from its log lines. */
const answeredBy = (shop: ProxiedShop) =>
  shop.servers.map(
    (server) => server.output().match(/"method":"POST","path":"\/api\/v1\/contact\/create"/g)?.length ?? 0,
  );

test('two clients each get their own limit, counted across both servers', async () => {
  for (const from of ['127.0.0.2', '127.0.0.3']) {
    for (let i = 0; i < LIMIT; i++) {
      expectApiAnswer(await postContact(shop.url, `${from} ${i}`, { from }), 201, /sent/);
    }
    const refused = await postContact(shop.url, `${from} over`, { from });
    expectApiAnswer(refused, 429, /Too many requests/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  }
  // nginx sent them to both servers in turn: the limit held across processes.
  await expect.poll(() => answeredBy(shop).every((count) => count >= LIMIT)).toBe(true);
});

test('nginx names itself without its version', async () => {
  const answered = await postContact(shop.url, 'hello');
  expect(answered.headers['server']).toBe('nginx');
});

test('a spoofed X-Forwarded-For, or X-Forwarded-Proto, gains nothing', async () => {
  const from = '127.0.0.4';
  for (let i = 0; i <= LIMIT; i++) {
    const reply = await postContact(shop.url, `spoof ${i}`, {
      from,
      headers: { 'X-Forwarded-For': `203.0.113.${i}, 198.51.100.${i}`, 'X-Forwarded-Proto': 'https' },
    });
    expect(reply.status, `request ${i + 1}`).toBe(i < LIMIT ? 201 : 429);
    expect(reply.headers['strict-transport-security']).toBeUndefined();
  }
  // Straight to a server, past nginx: the peer is not the proxy, so its headers count for nothing.
  const [server] = shop.servers;
  for (let i = 0; i <= LIMIT; i++) {
    const reply = await postContact(server?.url ?? '', `direct ${i}`, {
      from: '127.0.0.5',
      headers: { 'X-Forwarded-For': `203.0.113.${100 + i}` },
    });
    expect(reply.status, `direct request ${i + 1}`).toBe(i < LIMIT ? 201 : 429);
  }
});

test('killing one server mid-burst loses no acknowledged message: nginx retries on the other', async () => {
  const messages = Array.from({ length: 60 }, (_, i) => `burst ${i}`);
  const acknowledged: string[] = [];
  for (let start = 0; start < messages.length; start += 10) {
    const sending = Promise.all(
      // A shopper of its own for each message, so that the limit is not what is tested.
      messages
        .slice(start, start + 10)
        .map((message, i) => postContact(shop.url, message, { from: `127.0.2.${start + i + 1}` })),
    );
    // While the third batch is on its way: some of it reaches the server as it dies.
    if (start === 20) await shop.servers[0]?.stop('SIGKILL');
    const replies = await sending;
    for (const [i, reply] of replies.entries()) {
      expect(reply.status, reply.text).toBe(201);
      acknowledged.push(messages[start + i] ?? '');
    }
  }
  const store = createStore(database.config);
  try {
    const stored = new Set((await store.recentMessages(1_000)).map((message) => message.message));
    expect(acknowledged.filter((message) => !stored.has(message))).toEqual([]);
  } finally {
    await store.close();
  }
});

test("a shopper's page writes through nginx: its Origin, nginx's own port included, is the shop's", async () => {
  const fromPage = await postContact(shop.url, 'from the contact page', {
    headers: { Origin: shop.url, 'Sec-Fetch-Site': 'same-origin' },
  });
  expectApiAnswer(fromPage, 201, /sent/);
  const fromElsewhere = await postContact(shop.url, 'from another site', {
    headers: { Origin: 'http://127.0.0.1:9' },
  });
  expectApiAnswer(fromElsewhere, 403, /other sites/);
});

test('a shopper signs in through one server and orders through the other', async () => {
  // Servers that trust a proxy never sign in with the demo code: this shop texts its codes.
  await shop.stop();
  const provider = await startSmsProvider();
  shop = await startProxiedShop({ ...database.env, ...provider.env, RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  const [first, second] = shop.servers;
  if (!first || !second) throw new Error('the proxied shop runs two servers');
  const cookie = await signInOver(first.url, '+1 415 555 0190', () => latestCode(provider, '+14155550190'));
  await provider.close();
  const ordered = await postOrder(second.url, 'proxy-order-key-0001', { headers: { Cookie: cookie } });
  expect(ordered.status, ordered.text).toBe(201);
  const viaNginx = await fetch(`${shop.url}/api/v1/orders`, { headers: { Cookie: cookie } });
  const { orders } = (await viaNginx.json()) as { orders: { id: string }[] };
  expect(orders).toHaveLength(1);
  const store = createStore(database.config);
  try {
    expect((await store.recentOrders(10)).map((order) => order.phone)).toEqual(['+14155550190']);
  } finally {
    await store.close();
  }
});

test('killing one server mid-burst loses no acknowledged order, and each order is texted once', async () => {
  test.slow();
  // A shop of its own that texts through a stand-in provider, with a short lease so that a text
  // the killed server had claimed goes out from the other one in seconds.
  await shop.stop();
  const provider = await startSmsProvider();
  shop = await startProxiedShop({
    ...database.env,
    ...provider.env,
    RATE_LIMIT_PER_MINUTE: '100000',
    OUTBOX_LEASE_SECONDS: '2',
  });
  try {
    const phone = '+14155550193';
    const cookie = await signInOver(shop.url, phone, () => latestCode(provider, phone));
    const acknowledged: string[] = [];
    for (let start = 0; start < 60; start += 10) {
      const placing = Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          postOrder(shop.url, `proxy-burst-key-${String(start + i).padStart(4, '0')}`, {
            headers: { Cookie: cookie },
          }),
        ),
      );
      // While the third batch is on its way: some of it reaches the server as it dies.
      if (start === 20) await shop.servers[0]?.stop('SIGKILL');
      for (const reply of await placing) {
        // A repeat that nginx sent on to the other server gets the order the first one stored (200).
        expect([200, 201], reply.text).toContain(reply.status);
        acknowledged.push((JSON.parse(reply.text) as { order: { id: string } }).order.id);
      }
    }
    expect(new Set(acknowledged).size).toBe(60);
    const store = createStore(database.config);
    try {
      const stored = new Set((await store.recentOrders(1_000)).map((order) => order.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await store.close();
    }
    // Each order's "placed" text reaches the phone once: one message claimed by one server, sent
    // under its id (the provider's idempotency token) however often it was tried.
    const placedTexts = () => provider.delivered().filter((text) => /is placed/.test(text.body));
    await expect.poll(() => placedTexts().length, { timeout: 30_000 }).toBe(60);
    for (const id of acknowledged) {
      expect(
        placedTexts().filter((text) => text.body.includes(id)),
        id,
      ).toHaveLength(1);
    }
  } finally {
    await provider.close();
  }
});

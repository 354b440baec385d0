// Live stock over HTTP: the last tins raced for on SQLite and on two servers sharing PostgreSQL,
// the live read, back-in-stock requests and `npm run stock`. API only: no browser page.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createStore } from '#src/server/store/index.ts';
import { answer, expectApiAnswer } from '../support/answers.ts';
import {
  POSTGRES_URL,
  postgresDatabase,
  runCommand,
  sqliteDatabase,
  type TestDatabase,
} from '../support/databases.ts';
import { ORDER } from '../support/requests.ts';
import { startServer, type ShopServer } from '../support/server.ts';
import { SAFFRON_TIN } from '../support/shopData.ts';
import { signInOver } from '../support/session.ts';

test.describe.configure({ mode: 'default' });

const LIMITS = { RATE_LIMIT_PER_MINUTE: '100000' };
/** One 1 g tin of saffron at $14.00. */
const ONE_TIN = { ...ORDER, items: [{ ...SAFFRON_TIN, quantity: 1 }], total: 14 };

const post = async (url: string, path: string, cookie: string, body: unknown, headers = {}) =>
  answer(
    await fetch(url + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers },
      body: JSON.stringify(body),
    }),
  );

/** `npm run stock -- …` on `database`: its output and exit code, failing or not. */
const stock = (database: Pick<TestDatabase, 'env'>, ...args: string[]) =>
  runCommand(database, 'stock', ...args);

async function levels(database: TestDatabase) {
  const store = createStore(database.config);
  try {
    return { levels: await store.stockLevels(), orders: await store.recentOrders(1000) };
  } finally {
    await store.close();
  }
}

const races: [string, () => Promise<TestDatabase>, number][] = [
  ['SQLite, one server', async () => sqliteDatabase(), 1],
  ['PostgreSQL, two servers', postgresDatabase, 2],
];

for (const [name, open, serverCount] of races) {
  test.describe(`on ${name}`, () => {
    test.skip(
      name.startsWith('PostgreSQL') && !POSTGRES_URL,
      'TEST_DATABASE_URL is not set (.ci/run sets it)',
    );
    let database: TestDatabase;
    let servers: ShopServer[];
    test.beforeEach(async () => {
      database = await open();
      servers = [];
      for (let i = 0; i < serverCount; i += 1)
        servers.push(await startServer({ ...database.env, ...LIMITS }));
    });
    test.afterEach(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop();
    });

    test('50 shoppers racing for the last 10 tins: exactly 10 sold, the rest told none are left', async () => {
      expect((await stock(database, 'set', SAFFRON_TIN.productId, SAFFRON_TIN.pack, '10')).stdout).toContain(
        '10 left',
      );
      const shoppers = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const server = servers[i % servers.length] as ShopServer;
          return { server, cookie: await signInOver(server.url, `+1 415 555 ${String(1000 + i)}`) };
        }),
      );
      const replies = await Promise.all(
        shoppers.map(({ server, cookie }) =>
          post(server.url, '/api/v1/orders', cookie, ONE_TIN, { 'Idempotency-Key': randomUUID() }),
        ),
      );
      const statuses = replies.map((reply) => reply.status).sort((a, b) => a - b);
      expect(statuses).toEqual([...Array<number>(10).fill(201), ...Array<number>(40).fill(409)]);
      for (const reply of replies.filter((each) => each.status === 409)) {
        expect(JSON.parse(reply.text)).toMatchObject({
          success: false,
          message: /Kashmiri Saffron \(1 g\) has sold out/,
          order: { items: [{ id: 'kashmiri-saffron:1 g', inStock: false, available: 0 }] },
        });
      }
      const after = await levels(database);
      expect(after.levels).toEqual([{ ...SAFFRON_TIN, count: 0 }]);
      expect(after.orders).toHaveLength(10);
    });
  });
}

test.describe('the live read, back-in-stock requests and npm run stock', () => {
  let database: TestDatabase;
  let server: ShopServer;
  test.beforeAll(async () => {
    database = sqliteDatabase();
    server = await startServer({ ...database.env, ...LIMITS });
  });
  test.afterAll(async () => {
    await server.stop();
    await database.drop();
  });

  test('GET /api/v1/stock lists counted packs, public for a minute; other methods get 405', async () => {
    await stock(database, 'set', 'cumin-seeds', '100g', '4');
    const reply = await answer(await fetch(`${server.url}/api/v1/stock`));
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('public, max-age=60');
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(reply.text)).toEqual({ success: true, stock: { 'cumin-seeds': { '100 g': 4 } } });
    const wrong = await answer(await fetch(`${server.url}/api/v1/stock`, { method: 'POST' }));
    expectApiAnswer(wrong, 405, /GET/);
  });

  test('GET /api/v1/product reports each pack as the live read does, with a new ETag when a count changes', async () => {
    type Pack = { label: string; inStock: boolean; stock?: number };
    type Product = { _id: string; inStock: boolean; netQuantities: Pack[] };
    const read = async (headers: Record<string, string> = {}) => {
      const reply = await answer(await fetch(`${server.url}/api/v1/product`, { headers }));
      const products =
        reply.status === 200 ? (JSON.parse(reply.text) as { products: Product[] }).products : [];
      return { reply, product: (id: string) => products.find((product) => product._id === id) };
    };
    await stock(database, 'set', 'cumin-seeds', '100g', '0');
    const soldOut = await read();
    expect(soldOut.reply.headers['access-control-allow-origin']).toBe('*');
    const cumin = soldOut.product('cumin-seeds');
    expect(cumin?.netQuantities.find((pack) => pack.label === '100 g')).toMatchObject({
      inStock: false,
      stock: 0,
    });
    // Packs nobody counted follow the Markdown: in stock, no count.
    const others = cumin?.netQuantities.filter((pack) => pack.label !== '100 g') ?? [];
    expect(others.length).toBeGreaterThan(0);
    for (const pack of others)
      expect(pack).toEqual(expect.not.objectContaining({ stock: expect.anything() }));
    expect(others.every((pack) => pack.inStock)).toBe(true);

    const etag = soldOut.reply.headers['etag'] ?? '';
    expect((await read({ 'If-None-Match': etag })).reply.status).toBe(304);
    await stock(database, 'set', 'cumin-seeds', '100g', '3');
    const restocked = await read({ 'If-None-Match': etag });
    expect(restocked.reply.status).toBe(200);
    const pack = restocked.product('cumin-seeds')?.netQuantities.find((entry) => entry.label === '100 g');
    expect(pack).toMatchObject({ inStock: true, stock: 3 });
  });

  test("a product page's structured data gives each pack its count's availability, read as the page is made", async () => {
    // Neither page has been asked for on this server, so neither is kept from before the counts.
    await stock(database, 'set', 'lakadong-turmeric', '250 g', '0');
    await stock(database, 'set', 'ground-ginger', '100 g', '4');
    const offers = async (id: string) => {
      const reply = await answer(await fetch(`${server.url}/products/${id}`));
      expect(reply.status).toBe(200);
      const blocks = [...reply.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
      const product = blocks
        .map(
          ([, json]) =>
            JSON.parse(json ?? '') as { '@type': string; offers?: { name: string; availability: string }[] },
        )
        .find((data) => data['@type'] === 'Product');
      return Object.fromEntries((product?.offers ?? []).map((offer) => [offer.name, offer.availability]));
    };
    // Counted at 0: out of stock; the pack nobody counted follows the Markdown (in stock).
    expect(await offers('lakadong-turmeric')).toEqual({
      '100 g': 'https://schema.org/InStock',
      '250 g': 'https://schema.org/OutOfStock',
    });
    // The Markdown says sold out; the merchant counted one pack back in.
    expect(await offers('ground-ginger')).toEqual({
      '100 g': 'https://schema.org/InStock',
      '250 g': 'https://schema.org/OutOfStock',
    });
  });

  test('a sold-out pack takes a request, which the first count above 0 turns into one queued text', async () => {
    const alerts = '/api/v1/stock/alerts';
    const signedOut = await post(server.url, alerts, '', { ...SAFFRON_TIN, notify: true });
    expectApiAnswer(signedOut, 401, /sign in/);
    const cookie = await signInOver(server.url, '+1 415 555 0190');
    expectApiAnswer(
      await post(server.url, alerts, cookie, { ...SAFFRON_TIN, notify: true }),
      409,
      /in stock/,
    );
    expectApiAnswer(
      await post(server.url, alerts, cookie, { productId: 'gold', pack: '1 g', notify: true }),
      400,
      /no product/,
    );
    expectApiAnswer(
      await post(server.url, alerts, cookie, { ...SAFFRON_TIN, pack: '2 kg', notify: true }),
      400,
      /comes in/,
    );
    expectApiAnswer(await post(server.url, alerts, cookie, { ...SAFFRON_TIN, notify: 'yes' }), 400, /Notify/);

    await stock(database, 'set', SAFFRON_TIN.productId, SAFFRON_TIN.pack, '0');
    const asked = await post(server.url, alerts, cookie, { ...SAFFRON_TIN, notify: true });
    expect(asked.status, asked.text).toBe(200);
    const mine = async () =>
      JSON.parse(
        (await answer(await fetch(server.url + alerts, { headers: { Cookie: cookie } }))).text,
      ) as unknown;
    expect(await mine()).toEqual({ success: true, requests: [SAFFRON_TIN] });
    expect((await post(server.url, alerts, cookie, { ...SAFFRON_TIN, notify: false })).status).toBe(200);
    expect(await mine()).toEqual({ success: true, requests: [] });
    expect((await post(server.url, alerts, cookie, { ...SAFFRON_TIN, notify: true })).status).toBe(200);

    // Run with the server's SITE_URL, as the README says: the text links to the shop.
    const withSite = { env: { ...database.env, SITE_URL: 'https://spices.example' } };
    const restocked = await stock(withSite, 'add', SAFFRON_TIN.productId, SAFFRON_TIN.pack, '6');
    expect(restocked.stdout).toBe('kashmiri-saffron 1 g: 6 left; 1 back-in-stock text queued.\n');
    expect(restocked.stderr).toBe('');
    expect((await stock(database, 'add', SAFFRON_TIN.productId, SAFFRON_TIN.pack, '1')).stdout).not.toContain(
      'queued',
    );
    const store = createStore(database.config);
    try {
      const backInStock = async () =>
        (await store.recentOutbox(10)).filter((text) => text.kind === 'back-in-stock');
      // Queued with the count, then sent by the server's outbox: once.
      await expect
        .poll(async () => (await backInStock()).map((text) => [text.recipient, text.state]))
        .toEqual([['+14155550190', 'sent']]);
      const texts = await backInStock();
      expect(texts[0]?.body).toMatch(
        /Kashmiri Saffron \(1 g\) is back in stock\. https:\/\/spices\.example\/products\/kashmiri-saffron$/,
      );
    } finally {
      await store.close();
    }
    // Without it, the merchant is told where the texts lead.
    await stock(database, 'set', SAFFRON_TIN.productId, SAFFRON_TIN.pack, '0');
    expect((await post(server.url, alerts, cookie, { ...SAFFRON_TIN, notify: true })).status).toBe(200);
    const withoutSite = { env: { ...database.env, SITE_URL: '' } };
    const noted = await stock(withoutSite, 'add', SAFFRON_TIN.productId, SAFFRON_TIN.pack, '2');
    expect(noted.stdout).toBe('kashmiri-saffron 1 g: 2 left; 1 back-in-stock text queued.\n');
    expect(noted.stderr).toBe(
      "Note: SITE_URL is not set here, so the texts link to http://localhost:4321. Run the merchant's commands with the server's SITE_URL.\n",
    );
  });

  test('npm run stock answers unknown products and packs and bad numbers with exit code 2', async () => {
    const wrong: [string[], RegExp][] = [
      [['set', 'gold', '1g', '3'], /No product "gold"/],
      [['set', 'cumin-seeds', '75g', '3'], /comes in 100 g, 250 g, not "75g"/],
      [['set', 'cumin-seeds', '100g', '-1'], /not a count/],
      [['set', 'cumin-seeds', '100g', 'lots'], /not a count/],
      [['add', 'cumin-seeds', '100g', '1.5'], /not a number to add/],
      [['add', 'cumin-seeds', '100g'], /Usage/],
      [['set', 'cumin-seeds', '100', 'g', '3'], /Too many arguments/],
      [['count'], /Unknown command/],
    ];
    for (const [args, message] of wrong) {
      const reply = await stock(database, ...args);
      expect([reply.code, reply.stderr], args.join(' ')).toEqual([2, expect.stringMatching(message)]);
    }
    expect((await stock(database, 'add', 'cumin-seeds', '250 g', '-3')).stdout).toContain('0 left');
    const listed = await stock(database);
    expect(listed.stdout).toMatch(/cumin-seeds\s+250 g\s+0\n/);
    expect(listed.stdout).toMatch(/amchur\s+100 g\s+not counted \(in stock\)/);
  });
});

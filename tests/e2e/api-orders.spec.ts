// The orders API on a server of its own, under concurrent load, on SQLite and on PostgreSQL.
// API only: Playwright's plain `test`, no browser page.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createStore, type StoreConfig } from '#src/server/store/index.ts';
import { answer, expectApiAnswer } from '../support/answers.ts';
import { POSTGRES_URL, postgresDatabase, sqliteDatabase, type TestDatabase } from '../support/databases.ts';
import type { Answer } from '../support/http.ts';
import { ORDER } from '../support/requests.ts';
import { startServer, type ShopServer } from '../support/server.ts';
import { signInOver } from '../support/session.ts';

test.describe.configure({ mode: 'default' });

const ORDERS = '/api/v1/orders';
const LIMITS = { RATE_LIMIT_PER_MINUTE: '100000' };
const JSON_TYPE = { 'Content-Type': 'application/json' };

/** The phone the test shopper signs in with, and the session cookie of the current server. */
const PHONE = '+1 415 555 0177';
let session = '';

const postOrder = async (
  server: ShopServer,
  key: string,
  body: unknown = ORDER,
  headers: Record<string, string> = JSON_TYPE,
) =>
  answer(
    await fetch(server.url + ORDERS, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': key, Cookie: session },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

const orderOf = (reply: Answer) => (JSON.parse(reply.text) as { order: { id: string; total: number } }).order;

async function storedOrderIds(config: StoreConfig): Promise<string[]> {
  const store = createStore(config);
  try {
    return (await store.recentOrders(10_000)).map((order) => order.id);
  } finally {
    await store.close();
  }
}

const databases: [string, () => Promise<TestDatabase>][] = [
  ['SQLite', async () => sqliteDatabase()],
  ['PostgreSQL', postgresDatabase],
];

for (const [name, open] of databases) {
  test.describe(`on ${name}`, () => {
    test.skip(name === 'PostgreSQL' && !POSTGRES_URL, 'TEST_DATABASE_URL is not set (.ci/run sets it)');
    let database: TestDatabase;
    let server: ShopServer;
    test.beforeEach(async () => {
      database = await open();
      server = await startServer({ ...database.env, ...LIMITS });
      session = await signInOver(server.url, PHONE);
    });
    test.afterEach(async () => {
      await server.stop();
      await database.drop();
    });

    test('200 orders from 20 clients at once are each stored once, priced by the shop', async () => {
      const ids: string[] = [];
      for (let round = 0; round < 10; round += 1) {
        const replies = await Promise.all(Array.from({ length: 20 }, () => postOrder(server, randomUUID())));
        for (const reply of replies) {
          expect(reply.status, reply.text).toBe(201);
          expect(orderOf(reply).total).toBe(36.5);
          ids.push(orderOf(reply).id);
        }
      }
      expect(new Set(ids).size).toBe(200);
      const stored = await storedOrderIds(database.config);
      expect(stored.sort()).toEqual([...ids].sort());
    });

    test('20 copies of one order with one key, sent at once, make one order', async () => {
      const key = randomUUID();
      const replies = await Promise.all(Array.from({ length: 20 }, () => postOrder(server, key)));
      const statuses = replies.map((reply) => reply.status).sort((a, b) => a - b);
      expect(statuses).toEqual([...Array<number>(19).fill(200), 201]);
      // The same order in every answer; only the one that created it carries the tracking link.
      const [first] = replies.map(orderOf);
      for (const reply of replies)
        expect({ ...orderOf(reply), trackingUrl: undefined }).toEqual({ ...first, trackingUrl: undefined });
      expect(replies.filter((reply) => 'trackingUrl' in orderOf(reply))).toHaveLength(1);
      expect(await storedOrderIds(database.config)).toEqual([first?.id]);

      expectApiAnswer(
        await postOrder(server, key, { ...ORDER, items: ORDER.items.slice(1), total: 8.5 }),
        422,
        /already used for a different order/,
      );
      expect(await storedOrderIds(database.config)).toHaveLength(1);
    });
  });
}

test.describe('refusals over HTTP', () => {
  let database: TestDatabase;
  let server: ShopServer;
  test.beforeAll(async () => {
    database = sqliteDatabase();
    server = await startServer({ ...database.env, ...LIMITS });
    session = await signInOver(server.url, PHONE);
  });
  test.afterAll(async () => {
    await server.stop();
    await database.drop();
  });

  test('wrong methods, content types, sizes, origins and JSON are refused and store nothing', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const reply = await answer(await fetch(server.url + ORDERS, { method }));
      expectApiAnswer(reply, 405, 'This address answers GET, HEAD and POST requests.');
      expect(reply.headers['allow']).toBe('GET, HEAD, POST');
    }
    const signedOut = answer(
      await fetch(server.url + ORDERS, {
        method: 'POST',
        headers: { ...JSON_TYPE, 'Idempotency-Key': randomUUID() },
        body: JSON.stringify(ORDER),
      }),
    );
    expectApiAnswer(await signedOut, 401, /sign in/);
    const forged = await fetch(server.url + ORDERS, { headers: { Cookie: 'session=' + 'A'.repeat(43) } });
    expectApiAnswer(await answer(forged), 401, /sign in/);
    expectApiAnswer(
      await postOrder(server, randomUUID(), ORDER, { 'Content-Type': 'text/plain' }),
      415,
      /as JSON/,
    );
    const huge = { ...ORDER, address: { ...ORDER.address, street: 'x'.repeat(40_000) } };
    expectApiAnswer(await postOrder(server, randomUUID(), huge), 413, /too large/);
    expectApiAnswer(
      await postOrder(server, randomUUID(), ORDER, { ...JSON_TYPE, Origin: 'https://evil.example' }),
      403,
      /./,
    );
    expectApiAnswer(await postOrder(server, randomUUID(), '{"items": ['), 400, /./);
    expectApiAnswer(await postOrder(server, 'short'), 400, /Idempotency-Key/);
    expectApiAnswer(
      await postOrder(server, randomUUID(), { ...ORDER, items: [{ ...ORDER.items[0], quantity: 100 }] }),
      400,
      /^Line 1: /,
    );
    expect(await storedOrderIds(database.config)).toEqual([]);
  });

  test('the order is tracked by id and phone; a wrong phone gets the same 404 as an unknown id', async () => {
    const placed = await postOrder(server, randomUUID());
    expect(placed.status).toBe(201);
    const { id } = orderOf(placed);
    expect(id).toMatch(/^ORD-\d{12}$/);
    const track = async (orderId: string, phone: string) =>
      answer(await fetch(`${server.url}${ORDERS}/${orderId}`, { headers: { 'X-Order-Phone': phone } }));
    const found = await track(id, '+1 (415) 555-0177');
    expect(found.status).toBe(200);
    expect(JSON.parse(found.text)).toMatchObject({
      success: true,
      order: { id, status: 'processing', events: [{ status: 'processing' }] },
    });
    expect(found.text).not.toContain('Lake Road');
    const wrongPhone = await track(id, '+1 415 555 0100');
    const unknown = await track('ORD-1', PHONE);
    expect(wrongPhone.status).toBe(404);
    expect(wrongPhone.text).toBe(unknown.text);
    const inTheAddress = await answer(
      await fetch(`${server.url}${ORDERS}/${id}?phone=${encodeURIComponent(PHONE)}`),
    );
    expectApiAnswer(inTheAddress, 400, /header/);
    expect(server.output()).not.toMatch(/415\D*555\D*0177/);
  });

  test("the signed-in account lists its own orders, newest first, and no one else's", async () => {
    const mine = orderOf(await postOrder(server, randomUUID()));
    const theirs = await signInOver(server.url, '+1 415 555 0178');
    const list = async (cookie: string) =>
      JSON.parse((await answer(await fetch(server.url + ORDERS, { headers: { Cookie: cookie } }))).text) as {
        orders: { id: string }[];
        hasMore: boolean;
      };
    expect((await list(session)).orders[0]?.id).toBe(mine.id);
    expect((await list(theirs)).orders).toEqual([]);
    expectApiAnswer(
      await answer(await fetch(`${server.url}${ORDERS}?page=0`, { headers: { Cookie: session } })),
      400,
      /Page/,
    );
  });
});

// Card payments' notices across a crash, and shared by two server processes on one PostgreSQL.
// API only: Playwright's plain `test`, no browser page.
import { expect, test } from '@playwright/test';
import { TEST_SIGNATURE_HEADER, testSignature } from '#src/server/payments/testProvider.ts';
import { createStore, type Store } from '#src/server/store/index.ts';
import pg from 'pg';
import { POSTGRES_URL, postgresDatabase, sqliteDatabase, type TestDatabase } from '../support/databases.ts';
import { ORDER } from '../support/requests.ts';
import { startServer, type ShopServer } from '../support/server.ts';
import { SAFFRON_TIN } from '../support/shopData.ts';
import { signInOver } from '../support/session.ts';

test.describe.configure({ mode: 'default' });

const SECRET = 'the-test-providers-secret-for-these-tests';
const SETTINGS = { RATE_LIMIT_PER_MINUTE: '100000', PAYMENT_TEST_SECRET: SECRET };

/** Signs in a new phone on `server` and places ORDER by card: its id and the payment's. */
async function cardOrder(server: ShopServer): Promise<{ orderId: string; paymentId: string }> {
  const phone = `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const cookie = await signInOver(server.url, phone);
  const placed = await fetch(`${server.url}/api/v1/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ ...ORDER, paymentMethod: 'card' }),
  });
  expect(placed.status).toBe(201);
  const { order } = (await placed.json()) as { order: { id: string; paymentUrl: string } };
  return { orderId: order.id, paymentId: order.paymentUrl.split('/').at(-1) ?? '' };
}

/** The test provider's notice that `paymentId` was paid, signed as its page signs it. */
function paidNotice(paymentId: string) {
  const body = JSON.stringify({
    id: `tev_${crypto.randomUUID()}`,
    type: 'payment.pay',
    payment: paymentId,
    amount: 3650,
    currency: 'usd',
  });
  return { body, signature: testSignature(SECRET, body) };
}

const deliver = (server: ShopServer, notice: { body: string; signature: string }) =>
  fetch(`${server.url}/api/v1/payments/notices/test`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [TEST_SIGNATURE_HEADER]: notice.signature },
    body: notice.body,
  });

async function withStore<T>(database: TestDatabase, read: (store: Store) => Promise<T>): Promise<T> {
  const store = createStore(database.config);
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

/** The order's timeline and the messages queued about it. */
const orderRecord = (database: TestDatabase, orderId: string) =>
  withStore(database, async (store) => ({
    order: await store.findOrder(orderId),
    placedMessages: (await store.recentOutbox(500)).filter(
      (message) => message.kind === 'order-placed' && message.body.includes(orderId),
    ),
  }));

test('killed after storing a notice and before answering, the provider’s retry marks the order paid once and tells once', async () => {
  const database = sqliteDatabase();
  try {
    const first = await startServer({ ...database.env, ...SETTINGS });
    const { orderId, paymentId } = await cardOrder(first);
    const notice = paidNotice(paymentId);
    const lost = deliver(first, notice).catch(() => undefined);
    // The line is written once the notice's transaction has committed: kill -9 there.
    await expect.poll(() => first.output()).toContain(`for order ${orderId}: paid`);
    await first.stop('SIGKILL');
    await lost;

    const second = await startServer({ ...database.env, ...SETTINGS });
    const retried = await deliver(second, notice);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ success: true, message: 'Already handled.' });
    await second.stop();
    const { order, placedMessages } = await orderRecord(database, orderId);
    expect(order?.payment.status).toBe('paid');
    expect(order?.events.filter((event) => event.status === 'paid')).toHaveLength(1);
    expect(placedMessages).toHaveLength(1);
  } finally {
    await database.drop();
  }
});

test.describe('two servers on one PostgreSQL', () => {
  test.skip(!POSTGRES_URL, 'TEST_DATABASE_URL is not set (.ci/run sets it)');
  let database: TestDatabase;
  let servers: ShopServer[];
  test.beforeEach(async () => {
    database = await postgresDatabase();
    // Each looks for unpaid orders every second.
    const env = { ...database.env, ...SETTINGS, UNPAID_ORDER_CHECK_SECONDS: '1' };
    servers = [await startServer(env), await startServer(env)];
  });
  test.afterEach(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  });

  test('the same notice delivered to both at once marks the order paid once and tells once', async () => {
    const [one, two] = servers as [ShopServer, ShopServer];
    const { orderId, paymentId } = await cardOrder(one);
    const notice = paidNotice(paymentId);
    const answers = await Promise.all([deliver(one, notice), deliver(two, notice), deliver(two, notice)]);
    expect(answers.map((reply) => reply.status)).toEqual([200, 200, 200]);
    const { order, placedMessages } = await orderRecord(database, orderId);
    expect(order?.status).toBe('processing');
    expect(order?.events.filter((event) => event.status === 'paid')).toHaveLength(1);
    expect(placedMessages).toHaveLength(1);
  });

  test('an order left unpaid past the hour is cancelled once, its stock returned once', async () => {
    await withStore(database, (store) =>
      store.changeStock({ ...SAFFRON_TIN, change: 'set', amount: 10 }, 'Back'),
    );
    const { orderId } = await cardOrder(servers[0] as ShopServer);
    const admin = new pg.Client({ connectionString: database.config.databaseUrl });
    await admin.connect();
    try {
      // Placed two hours ago, as far as the shop can tell.
      await admin.query('UPDATE orders SET created_at = $1 WHERE id = $2', [
        new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
        orderId,
      ]);
    } finally {
      await admin.end();
    }
    await expect.poll(async () => (await orderRecord(database, orderId)).order?.status).toBe('cancelled');
    const { order } = await orderRecord(database, orderId);
    expect(order?.events.filter((event) => event.status === 'cancelled')).toHaveLength(1);
    const levels = await withStore(database, (store) => store.stockLevels([SAFFRON_TIN.productId]));
    expect(levels).toEqual([{ ...SAFFRON_TIN, count: 10 }]);
  });
});

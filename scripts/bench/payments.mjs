// @ts-check
// Card payments with the shop's test provider, as an API client makes them: the whole card
// journey (Place Order by card, the provider's page, its Pay, the order read back paid), and
// signed notices handled per second, on SQLite and on PostgreSQL (with TEST_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { TEST_SIGNATURE_HEADER, testSignature } from '#src/server/payments/testProvider.ts';
import { DATABASE_NAMES, DATABASES, POSTGRES_URL } from '../../tests/support/databases.ts';
import { startServer } from '../../tests/support/server.ts';
import { signInOver } from '../../tests/support/session.ts';

/**
 * @typedef {object} PaymentsRow  one database's figures
 * @property {string} database
 * @property {number} journeys  card journeys timed
 * @property {number} p50  ms, a whole journey
 * @property {number} p99
 * @property {number} notices  notices delivered for the rate
 * @property {number} perSecond  notices handled per second, 10 at a time
 */

const JOURNEYS = 100;
const NOTICES = 300;
const AT_ONCE = 10;
const SECRET = randomUUID();
const ORDER = JSON.stringify({
  items: [{ productId: 'kashmiri-saffron', pack: '1 g', quantity: 1 }],
  address: { name: 'Bench Shopper', street: '1 Test Street', city: 'Lisbon' },
  total: 14,
  paymentMethod: 'card',
});

/** @param {number[]} sorted @param {number} share */
const percentile = (sorted, share) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/**
 * Places one card order and answers its id and payment page.
 * @param {string} base @param {string} cookie
 */
async function placeByCard(base, cookie) {
  const placed = await fetch(`${base}/api/v1/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, 'Idempotency-Key': randomUUID() },
    body: ORDER,
  });
  const { order } = /** @type {{ order: { id: string, paymentUrl: string } }} */ (await placed.json());
  if (placed.status !== 201 || !order.paymentUrl) throw new Error(`a card order answered ${placed.status}`);
  return order;
}

/**
 * One card journey: Place Order, the provider's page, Pay (its notice handled by the shop), and the
 * order read back until paid. Answers how long it took, in ms.
 * @param {string} base @param {string} cookie
 */
async function journey(base, cookie) {
  const started = performance.now();
  const order = await placeByCard(base, cookie);
  await (await fetch(base + order.paymentUrl)).text();
  const payment = order.paymentUrl.split('/').at(-1) ?? '';
  const pressed = await fetch(`${base}/api/v1/payments/test/${payment}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: 'press=pay',
    redirect: 'manual',
  });
  if (pressed.status !== 303) throw new Error(`Pay answered ${pressed.status}`);
  for (;;) {
    const read = await fetch(`${base}/api/v1/orders/${order.id}`, { headers: { Cookie: cookie } });
    const { order: now } = /** @type {{ order: { payment: { status: string } } }} */ (await read.json());
    if (now.payment.status === 'paid') break;
  }
  return performance.now() - started;
}

/**
 * Notices handled per second: `NOTICES` orders placed first, then each one's signed notice that it
 * was paid, delivered `AT_ONCE` at a time.
 * @param {string} base @param {string} cookie
 */
async function noticeRate(base, cookie) {
  const notices = [];
  for (let i = 0; i < NOTICES; i += 1) {
    const order = await placeByCard(base, cookie);
    const body = JSON.stringify({
      id: `tev_${randomUUID()}`,
      type: 'payment.pay',
      payment: order.paymentUrl.split('/').at(-1),
      amount: 1400,
      currency: 'usd',
    });
    notices.push(body);
  }
  const started = performance.now();
  for (let start = 0; start < notices.length; start += AT_ONCE) {
    const answers = await Promise.all(
      notices.slice(start, start + AT_ONCE).map((body) =>
        fetch(`${base}/api/v1/payments/notices/test`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            [TEST_SIGNATURE_HEADER]: testSignature(SECRET, body),
          },
          body,
        }),
      ),
    );
    if (answers.some((answer) => answer.status !== 200)) throw new Error('a notice was not handled');
  }
  return notices.length / ((performance.now() - started) / 1000);
}

/**
 * The card journey and the notice rate on each database the machine has.
 * @param {Record<string, string>} env  the servers' environment (limits raised)
 * @param {string[]} notes
 * @returns {Promise<PaymentsRow[]>}
 */
export async function measurePayments(env, notes) {
  if (!POSTGRES_URL) notes.push('TEST_DATABASE_URL is not set: card payments measured on SQLite only.');
  /** @type {PaymentsRow[]} */
  const rows = [];
  for (const { name: kind, create } of DATABASES) {
    const name = DATABASE_NAMES[kind];
    const database = await create();
    const server = await startServer({ ...database.env, ...env, PAYMENT_TEST_SECRET: SECRET });
    try {
      const cookie = await signInOver(server.url, '+1 415 555 0142');
      const times = [];
      for (let i = 0; i < JOURNEYS; i += 1) times.push(await journey(server.url, cookie));
      times.sort((a, b) => a - b);
      const perSecond = await noticeRate(server.url, cookie);
      rows.push({
        database: name,
        journeys: JOURNEYS,
        p50: percentile(times, 0.5),
        p99: percentile(times, 0.99),
        notices: NOTICES,
        perSecond,
      });
    } finally {
      await server.stop();
      await database.drop();
    }
  }
  return rows;
}

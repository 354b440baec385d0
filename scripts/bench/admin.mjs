// @ts-check
// The back office at scale: its pages' JavaScript (brotli), and its order list and a search among
// 100,000 orders (p50 and p99), on SQLite and on PostgreSQL (with TEST_DATABASE_URL).
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { createStore } from '#src/server/store/index.ts';
import { measurePageBytes } from '../page-bytes.mjs';
import { DATABASE_NAMES, DATABASES, POSTGRES_URL } from '../../tests/support/databases.ts';
import { startServer } from '../../tests/support/server.ts';
import { signInOver } from '../../tests/support/session.ts';

/**
 * @typedef {object} AdminRow  one database's list and search times
 * @property {string} database
 * @property {number} orders
 * @property {{ name: string, p50: number, p99: number }[]} requests
 *
 * @typedef {object} AdminPageBytes
 * @property {string} page
 * @property {number} js  brotli bytes of JavaScript the page loads
 */

const ORDERS = 100_000;
const ASKS = 50;
const MERCHANT = '+14155550142';

/** The `i`th seeded order: its id, time, phone digits and delivery name. */
const seeded = (/** @type {number} */ i) => ({
  id: `ORD-${String(500_000_000_000 + i)}`,
  at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  digits: `1415${String(5_000_000 + (i % 1_000_000)).padStart(7, '0')}`,
  name: `Shopper ${i}`,
});

/** @param {string} dataDir */
function seedSqlite(dataDir) {
  const db = new DatabaseSync(join(dataDir, 'shop.sqlite'));
  const order = db.prepare(
    `INSERT INTO orders (id, idempotency_key, request_hash, user_id, phone, phone_digits, address, total_cents, status, created_at)
     VALUES (?, ?, '', 'u', ?, ?, ?, 850, 'processing', ?)`,
  );
  const line = db.prepare(
    `INSERT INTO order_lines (order_id, position, product_id, pack, name, quantity, price_cents)
     VALUES (?, 0, 'tellicherry-black-pepper', '100 g', 'Pepper (100 g)', 1, 850)`,
  );
  const event = db.prepare(`INSERT INTO order_events (order_id, status, at) VALUES (?, 'processing', ?)`);
  db.exec('BEGIN');
  for (let i = 0; i < ORDERS; i += 1) {
    const { id, at, digits, name } = seeded(i);
    const address = JSON.stringify({
      name,
      street: '1 Test Street',
      city: 'Lisbon',
      state: '',
      zip: '',
      phone: '',
    });
    order.run(id, `key-${i}`, `+${digits}`, digits, address, at);
    line.run(id);
    event.run(id, at);
  }
  db.exec('COMMIT');
  db.close();
}

/** @param {string} url */
async function seedPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const n = `generate_series(0, ${ORDERS - 1})`;
    await client.query(
      `INSERT INTO orders (id, idempotency_key, request_hash, user_id, phone, phone_digits, address, total_cents, status, created_at)
       SELECT 'ORD-' || (500000000000 + i), 'key-' || i, '', 'u', '+1415' || lpad((5000000 + i % 1000000)::text, 7, '0'),
         '1415' || lpad((5000000 + i % 1000000)::text, 7, '0'),
         '{"name":"Shopper ' || i || '","street":"1 Test Street","city":"Lisbon","state":"","zip":"","phone":""}',
         850, 'processing', to_char(timestamp '2026-01-01' + i * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
       FROM ${n} AS i`,
    );
    await client.query(
      `INSERT INTO order_lines (order_id, position, product_id, pack, name, quantity, price_cents)
       SELECT 'ORD-' || (500000000000 + i), 0, 'tellicherry-black-pepper', '100 g', 'Pepper (100 g)', 1, 850 FROM ${n} AS i`,
    );
    await client.query(
      `INSERT INTO order_events (order_id, status, at) SELECT id, 'processing', created_at FROM orders WHERE user_id = 'u'`,
    );
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

/** @param {number[]} times */
function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (/** @type {number} */ share) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * @param {string} base @param {string} path @param {string} cookie
 */
async function timed(base, path, cookie) {
  const times = [];
  for (let i = 0; i < ASKS; i += 1) {
    const started = performance.now();
    const answer = await fetch(base + path, { headers: { Cookie: cookie } });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    times.push(performance.now() - started);
  }
  return percentiles(times);
}

/**
 * The back office's list and search at 100,000 orders on each database, and (on the first) the
 * JavaScript each of its pages loads.
 * @param {import('@playwright/test').Browser} browser
 * @param {Record<string, string>} env  the servers' environment (limits raised)
 * @param {string[]} notes
 * @returns {Promise<{ rows: AdminRow[], pages: AdminPageBytes[] }>}
 */
export async function measureAdmin(browser, env, notes) {
  if (!POSTGRES_URL) notes.push('TEST_DATABASE_URL is not set: the back office measured on SQLite only.');
  /** @type {AdminRow[]} */
  const rows = [];
  /** @type {AdminPageBytes[]} */
  const pages = [];
  for (const { name: kind, create } of DATABASES) {
    const name = DATABASE_NAMES[kind];
    const database = await create();
    const store = createStore(database.config);
    await store.ready();
    await store.close();
    if (database.config.databaseUrl) await seedPostgres(database.config.databaseUrl);
    else seedSqlite(database.config.dataDir);
    const server = await startServer({ ...database.env, ...env, MERCHANT_PHONES: MERCHANT });
    try {
      const cookie = await signInOver(server.url, MERCHANT);
      const middle = seeded(ORDERS / 2);
      rows.push({
        database: name,
        orders: ORDERS,
        requests: [
          { name: 'the list, first page', ...(await timed(server.url, '/api/v1/admin/orders', cookie)) },
          {
            name: 'a page deep in the list (page 2,000)',
            ...(await timed(server.url, '/api/v1/admin/orders?page=2000', cookie)),
          },
          {
            name: 'search by phone digits',
            ...(await timed(server.url, `/api/v1/admin/orders?q=${middle.digits.slice(-7)}`, cookie)),
          },
          {
            name: 'search by name',
            ...(await timed(server.url, `/api/v1/admin/orders?q=${encodeURIComponent(middle.name)}`, cookie)),
          },
          { name: 'GET /admin/orders (the page)', ...(await timed(server.url, '/admin/orders', cookie)) },
        ],
      });
      if (pages.length === 0) {
        const context = await browser.newContext();
        const [cookieName = '', cookieValue = ''] = cookie.split('=');
        await context.addCookies([{ name: cookieName, value: cookieValue, url: server.url }]);
        const page = await context.newPage();
        for (const path of [
          '/admin',
          '/admin/orders',
          `/admin/orders/${middle.id}`,
          '/admin/stock',
          '/admin/reviews',
          '/admin/messages',
        ]) {
          pages.push({
            page: path.replace(middle.id, '{id}'),
            js: (await measurePageBytes(page, server.url + path)).js.brotli,
          });
        }
        await context.close();
      }
    } finally {
      await server.stop();
      await database.drop();
    }
  }
  return { rows, pages };
}

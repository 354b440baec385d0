// @ts-check
// Growing past one process: orders through nginx to two servers sharing PostgreSQL (beside one
// server on the same database), and what requests wait while another process holds SQLite's
// write lock. Uses the proxy test's nginx configuration and servers (tests/support).
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { POSTGRES_URL, postgresDatabase } from '../../tests/support/databases.ts';
import { NGINX, startProxiedShop } from '../../tests/support/proxy.ts';
import { signInOver } from '../../tests/support/session.ts';
import { latestCode, startSmsProvider } from '../../tests/support/smsProvider.ts';
import { best, load } from './throughput.mjs';

/**
 * @typedef {import('./throughput.mjs').Request} Request
 * @typedef {{ name: string, ours: import('./throughput.mjs').Throughput }} ScaleRow
 * @typedef {object} LockWait  one request made while another process held the write lock
 * @property {string} name
 * @property {number} heldMs  how long the lock was held
 * @property {number} status
 * @property {number} ms  until the answer
 */

/**
 * Orders and the home page through nginx in front of two servers on one PostgreSQL, and the same
 * orders straight to one of them. Undefined (with the reason in `notes`) without PostgreSQL or nginx.
 * @param {(cookie: string) => Request} orderRequest  a new order each request, with this session
 * @param {Record<string, string>} env  the servers' environment (limits raised)
 * @param {string[]} notes
 * @returns {Promise<ScaleRow[] | undefined>}
 */
export async function measureProxiedOrders(orderRequest, env, notes) {
  if (!POSTGRES_URL) return void notes.push('TEST_DATABASE_URL is not set: no orders through nginx.');
  if (!NGINX) return void notes.push('nginx is not installed: no orders through nginx.');
  const database = await postgresDatabase();
  // Behind a proxy the demo code never signs in: the servers text their codes to a stand-in.
  const provider = await startSmsProvider();
  const shop = await startProxiedShop({ ...database.env, ...provider.env, ...env });
  try {
    const phone = '+14155550199';
    const order = orderRequest(await signInOver(shop.url, phone, () => latestCode(provider, phone)));
    const [first] = shop.servers;
    /** @type {[string, string, Request][]} */
    const runs = [
      ['GET / via nginx → 2 servers', shop.url, { name: 'GET /', path: '/' }],
      ['POST /api/v1/orders via nginx → 2 servers', shop.url, order],
      ['POST /api/v1/orders → 1 server', first?.url ?? '', order],
    ];
    /** @type {ScaleRow[]} */
    const rows = [];
    for (const [name, base, request] of runs) {
      rows.push({ name, ours: best([await load(base, request), await load(base, request)]) });
    }
    return rows;
  } finally {
    await shop.stop();
    await provider.close();
    await database.drop();
  }
}

/**
 * Holds SQLite's write lock from another connection (this process) while the shop answers: a
 * page, and an order that waits for the lock. Held 1 s, the order goes through once it is free;
 * held 5 s, it is refused with 503 at the server's bound (3 s).
 * @param {string} base  the shop on SQLite
 * @param {string} dataDir  its data directory
 * @param {Request} order
 * @returns {Promise<LockWait[]>}
 */
export async function measureLockWait(base, dataDir, order) {
  const db = new DatabaseSync(join(dataDir, 'shop.sqlite'));
  /** @param {Request} request */
  const timed = async (request) => {
    const began = performance.now();
    const reply = await fetch(base + request.path, {
      method: request.method ?? 'GET',
      headers: {
        ...request.headers,
        ...request.freshHeaders?.(),
        ...(request.body ? { 'content-type': 'application/json' } : {}),
      },
      body: request.body ?? null,
    });
    await reply.arrayBuffer();
    return { status: reply.status, ms: performance.now() - began };
  };
  /** @type {LockWait[]} */
  const waits = [];
  try {
    for (const heldMs of [1000, 5000]) {
      db.exec('BEGIN IMMEDIATE');
      const released = new Promise((resolve) => setTimeout(resolve, heldMs)).then(() => db.exec('ROLLBACK'));
      const ordering = timed(order);
      const pages = [];
      for (let i = 0; i < 20; i += 1) pages.push(await timed({ name: 'GET /', path: '/' }));
      const slowest = pages.reduce((top, page) => (page.ms > top.ms ? page : top));
      waits.push({ name: 'GET / (slowest of 20)', heldMs, ...slowest });
      waits.push({ name: 'POST /api/v1/orders', heldMs, ...(await ordering) });
      await released;
    }
  } finally {
    db.close();
  }
  return waits;
}

import { randomUUID } from 'node:crypto';
import { accountQueries } from './accounts.ts';
import { discountQueries } from './discounts.ts';
import { outboxQueries } from './outbox.ts';
import { migrate, missingMigrations } from './migrations.ts';
import { merchantQueries } from './merchants.ts';
import { orderQueries } from './orders.ts';
import { paymentQueries } from './payments.ts';
import { reviewQueries } from './reviews.ts';
import { stockQueries } from './stock.ts';
import type { SqlDriver } from './sql.ts';
import {
  StoreUnavailableError,
  type ContactMessage,
  type NewContactMessage,
  type SharedLimits,
  type Store,
  type Subscription,
} from './types.ts';

const MESSAGE_COLUMNS = 'id, name, email, message, created_at AS "createdAt"';

let lastStamp = 0;

/**
 * The time of a new row, one millisecond after the previous one when the clock has not moved, so
 * the rows this process writes sort newest-first in the order they were written.
 */
function stamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

/** The one implementation of `Store`: the same SQL on whichever driver it is given. */
export function createSqlStore(driver: SqlDriver): Store {
  let migrated: Promise<void> | undefined;

  function ready(): Promise<void> {
    migrated ??= migrate(driver).then(
      () => undefined,
      (error: unknown) => {
        // Forget the failure so the next call tries again once the database is back.
        migrated = undefined;
        throw unavailable(error);
      },
    );
    return migrated;
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    await ready();
    try {
      return await work();
    } catch (error) {
      throw unavailable(error);
    }
  }

  const orders = orderQueries(driver, stamp);
  const limits = driver.kind === 'postgres' ? sharedLimits(driver) : undefined;

  /** Each query waits for the migrations and reports a database failure as unavailable. */
  function guardedAll<Queries extends Record<string, (...args: never[]) => Promise<unknown>>>(
    queries: Queries,
  ): Queries {
    const entries = Object.entries(queries).map(([name, query]) => [
      name,
      (...args: never[]) => guarded(() => query(...args)),
    ]);
    return Object.fromEntries(entries) as Queries;
  }

  return {
    kind: driver.kind,
    ready,
    checkReady: () =>
      guarded(async () => {
        const missing = await missingMigrations(driver);
        if (missing.length > 0) throw new Error(`migrations ${missing.join(', ')} are not applied`);
      }),
    sharedLimits: limits && { count: (...args) => guarded(() => limits.count(...args)) },
    saveContactMessage: (input: NewContactMessage) =>
      guarded(async () => {
        const saved: ContactMessage = { id: randomUUID(), ...input, createdAt: stamp() };
        await driver.run(
          'INSERT INTO contact_messages (id, name, email, message, created_at) VALUES ($1, $2, $3, $4, $5)',
          [saved.id, saved.name, saved.email, saved.message, saved.createdAt],
        );
        return saved;
      }),
    subscribe: (email: string) =>
      guarded(async () => {
        const changed = await driver.run(
          'INSERT INTO newsletter_subscriptions (email, created_at) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING',
          [email, stamp()],
        );
        return { created: changed > 0 };
      }),
    recentMessages: (limit: number) =>
      guarded(() =>
        driver.all<ContactMessage>(
          `SELECT ${MESSAGE_COLUMNS} FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT $1`,
          [limit],
        ),
      ),
    recentSubscriptions: (limit: number) =>
      guarded(() =>
        driver.all<Subscription>(
          'SELECT email, created_at AS "createdAt" FROM newsletter_subscriptions ORDER BY created_at DESC, email DESC LIMIT $1',
          [limit],
        ),
      ),
    placeOrder: (order) => guarded(() => orders.placeOrder(order)),
    findOrder: (id) => guarded(() => orders.findOrder(id)),
    listOrders: (page) => guarded(() => orders.listOrders(page)),
    recentOrders: (limit) => guarded(() => orders.listOrders({ limit })),
    accountOrders: (userId, page) => guarded(() => orders.accountOrders(userId, page)),
    orderByKey: (key) => guarded(() => orders.orderByKey(key)),
    moveOrder: (id, to, news, shipment) => guarded(() => orders.moveOrder(id, to, news, shipment)),
    orderByTrackingHash: (hash) => guarded(() => orders.orderByTrackingHash(hash)),
    ...guardedAll(accountQueries(driver, stamp)),
    ...guardedAll(outboxQueries(driver, stamp)),
    ...guardedAll(stockQueries(driver, stamp)),
    ...guardedAll(reviewQueries(driver, stamp)),
    ...guardedAll(paymentQueries(driver, stamp, orders.find)),
    ...guardedAll(merchantQueries(driver, stamp)),
    ...guardedAll(discountQueries(driver, stamp)),
    findOrders: (filter) => guarded(() => orders.findOrders(filter)),
    close: () => driver.close(),
  };
}

/**
 * Rate-limit counts in one table (PostgreSQL: one upsert a request, atomic across processes).
 * Windows older than the one before the current are swept now and then; nothing reads them.
 */
function sharedLimits(driver: SqlDriver): SharedLimits {
  const lastSweep = new Map<string, number>();
  return {
    async count(bucket, client, windowMs, now) {
      const windowStart = now - (now % windowMs);
      const [counts] = await driver.all<{ current: number | string; previous: number | string }>(
        `WITH hit AS (
           INSERT INTO rate_limit_counts (bucket, client, window_start, hits) VALUES ($1, $2, $3, 1)
           ON CONFLICT (bucket, client, window_start) DO UPDATE SET hits = rate_limit_counts.hits + 1
           RETURNING hits)
         SELECT hit.hits AS current, COALESCE((SELECT hits FROM rate_limit_counts
           WHERE bucket = $1 AND client = $2 AND window_start = $4), 0) AS previous FROM hit`,
        [bucket, client, windowStart, windowStart - windowMs],
      );
      if (now - (lastSweep.get(bucket) ?? 0) >= windowMs) {
        lastSweep.set(bucket, now);
        await driver.run('DELETE FROM rate_limit_counts WHERE bucket = $1 AND window_start < $2', [
          bucket,
          windowStart - windowMs,
        ]);
      }
      return { current: Number(counts?.current ?? 1), previous: Number(counts?.previous ?? 0) };
    },
  };
}

function unavailable(error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`The database is unavailable: ${reason}`, { cause: error });
}

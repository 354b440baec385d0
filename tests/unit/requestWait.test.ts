import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openOperation, withRequestWait } from '#src/server/store/requestWait.ts';
import { sqliteDriver } from '#src/server/store/sqlite.ts';
import type { SqlDriver } from '#src/server/store/sql.ts';
import { sqliteDatabase, type TestDatabase } from '../support/databases.ts';

describe('one request’s wait for the database', () => {
  afterEach(() => vi.useRealTimers());

  it('counts the time of operations side by side once', () => {
    vi.useFakeTimers();
    withRequestWait(() => {
      const first = openOperation(3_000);
      vi.advanceTimersByTime(1_000);
      const second = openOperation(3_000);
      expect(second.allowedMs).toBe(2_000);
      vi.advanceTimersByTime(500);
      first.done();
      vi.advanceTimersByTime(500);
      second.done();
      // 2 s with the database, then 4 s elsewhere, which does not count.
      vi.advanceTimersByTime(4_000);
      expect(openOperation(3_000).allowedMs).toBe(1_000);
    });
  });

  it('gives each operation outside a request the whole limit', () => {
    vi.useFakeTimers();
    const first = openOperation(3_000);
    vi.advanceTimersByTime(2_500);
    first.done();
    expect(openOperation(3_000).allowedMs).toBe(3_000);
  });
});

// Another process's write lock, held by a connection of this test; the driver's own is on its
// thread, so it waits for it as for another process's.
describe('SQLite while another connection holds the write lock', () => {
  const waitMs = 1_000;
  let database: TestDatabase;
  let driver: SqlDriver;
  let holder: DatabaseSync;

  const write = (id: string) =>
    driver.transaction(async (tx) => tx.run('INSERT INTO notes (id) VALUES ($1)', [id]));
  const read = () => driver.all('SELECT id FROM notes');
  /** How long `work` took to be refused, in ms. */
  const refusedAfter = async (work: () => Promise<unknown>) => {
    const started = Date.now();
    await expect(work()).rejects.toThrow(/busy|locked/i);
    return Date.now() - started;
  };

  beforeEach(async () => {
    database = sqliteDatabase();
    const file = join(database.config.dataDir, 'wait.sqlite');
    driver = sqliteDriver(file, { waitMs });
    await driver.run('CREATE TABLE notes (id TEXT PRIMARY KEY)');
    holder = new DatabaseSync(file);
    holder.exec('BEGIN IMMEDIATE');
  });
  afterEach(async () => {
    if (holder.isTransaction) holder.exec('ROLLBACK');
    holder.close();
    await driver.close();
    await database.drop();
  });

  it('refuses a request that has waited its time once, not once for each operation', async () => {
    await withRequestWait(async () => {
      expect(await refusedAfter(() => write('a'))).toBeGreaterThanOrEqual(waitMs - 50);
      // A read needs no lock and still answers; a write asks for no more waiting.
      expect(await read()).toEqual([]);
      expect(await refusedAfter(() => write('b'))).toBeLessThan(waitMs / 2);
    });
  });

  it('counts a request’s wait for its turn behind another request', async () => {
    // The first request holds the connection while it waits for the lock; the second's read
    // waits behind it, and then its order has no time left to wait for the lock itself.
    const first = withRequestWait(() => write('first'));
    const started = Date.now();
    const second = withRequestWait(async () => {
      await read().catch(() => undefined);
      await write('second');
    });
    const outcomes = await Promise.allSettled([first, second]);
    expect(Date.now() - started).toBeLessThan(waitMs * 1.5);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  });

  it('does not count time the request spends elsewhere', async () => {
    await withRequestWait(async () => {
      expect(await read()).toEqual([]);
      await sleep(waitMs + 100); // as a slow text message would
      const writing = write('after');
      await sleep(waitMs / 3);
      holder.exec('ROLLBACK');
      await writing;
    });
    expect(await read()).toEqual([{ id: 'after' }]);
  });
});

import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postgresDriver } from '#src/server/store/postgres.ts';
import type { SqlDriver } from '#src/server/store/sql.ts';
import { sqliteDriver } from '#src/server/store/sqlite.ts';
import { DATABASES, POSTGRES_URL, postgresDatabase, type TestDatabase } from '../support/databases.ts';

// A transaction's `later` writes travel with its next statement or its COMMIT: they must keep
// their order, be seen by what follows them, and take the whole transaction down when they fail.
describe.each(DATABASES)('a transaction on $name', ({ create }) => {
  let database: TestDatabase;
  let driver: SqlDriver;

  beforeEach(async () => {
    database = await create();
    const { databaseUrl, dataDir } = database.config;
    driver = databaseUrl ? postgresDriver(databaseUrl) : sqliteDriver(join(dataDir, 'driver.sqlite'));
    await driver.run('CREATE TABLE notes (id TEXT PRIMARY KEY, position INTEGER NOT NULL)');
  });
  afterEach(async () => {
    await driver.close();
    await database.drop();
  });

  const ids = async () =>
    (await driver.all<{ id: string }>('SELECT id FROM notes ORDER BY position')).map((row) => row.id);

  it('writes later statements in order, seen by the statements after them and stored at COMMIT', async () => {
    const seen = await driver.transaction(async (tx) => {
      tx.later('INSERT INTO notes (id, position) VALUES ($1, $2)', ['a', 1]);
      tx.later('INSERT INTO notes (id, position) VALUES ($1, $2)', ['b', 2]);
      const inside = await tx.all<{ id: string }>('SELECT id FROM notes ORDER BY position');
      tx.later('INSERT INTO notes (id, position) VALUES ($1, $2)', ['c', 3]);
      return inside.map((row) => row.id);
    });
    expect(seen).toEqual(['a', 'b']);
    expect(await ids()).toEqual(['a', 'b', 'c']);
  });

  it('rolls everything back when a later write fails at COMMIT', async () => {
    const failing = driver.transaction(async (tx) => {
      await tx.run('INSERT INTO notes (id, position) VALUES ($1, $2)', ['a', 1]);
      tx.later('INSERT INTO notes (id, position) VALUES ($1, $2)', ['b', 2]);
      tx.later('INSERT INTO notes (id, position) VALUES ($1, $2)', ['b', 3]);
    });
    await expect(failing).rejects.toThrow(/unique|constraint|duplicate/i);
    expect(await ids()).toEqual([]);
  });

  it('fails the next statement when a later write before it failed, and stores nothing', async () => {
    const failing = driver.transaction(async (tx) => {
      tx.later('INSERT INTO notes (id, position) VALUES ($1, $2)', ['a', 1]);
      tx.later('INSERT INTO notes (id, position) VALUES ($1, NULL)', ['b']);
      await tx.run('INSERT INTO notes (id, position) VALUES ($1, $2)', ['c', 3]);
    });
    await expect(failing).rejects.toThrow(/null/i);
    expect(await ids()).toEqual([]);
    // The connection is free and clean for the next transaction.
    await driver.transaction(async (tx) =>
      tx.later('INSERT INTO notes (id, position) VALUES ($1, $2)', ['d', 4]),
    );
    expect(await ids()).toEqual(['d']);
  });
});

// A statement stuck behind a lock (a migration's ALTER TABLE, VACUUM FULL) must fail its own
// transaction and nothing else: the connection it ran on must not carry the transaction, still
// open, to the next request, whose COMMIT would store what the first was told had failed.
describe.skipIf(!POSTGRES_URL)('a PostgreSQL transaction stuck behind a lock', () => {
  let database: TestDatabase;
  let holder: SqlDriver;
  let drivers: SqlDriver[];
  beforeEach(async () => {
    database = await postgresDatabase();
    holder = postgresDriver(database.config.databaseUrl ?? '');
    await holder.run('CREATE TABLE notes (id TEXT PRIMARY KEY, position INTEGER NOT NULL)');
    drivers = [holder];
  });
  afterEach(async () => {
    await Promise.all(drivers.map((driver) => driver.close()));
    await database.drop();
  });

  /** Holds an exclusive lock on `notes` until the returned function is called. */
  async function lockNotes(): Promise<() => Promise<void>> {
    let release = () => {};
    const released = new Promise<void>((done) => (release = done));
    let locked = () => {};
    const taken = new Promise<void>((done) => (locked = done));
    const holding = holder.transaction(async (tx) => {
      await tx.run('LOCK TABLE notes IN ACCESS EXCLUSIVE MODE');
      locked();
      await released;
    });
    await taken;
    return async () => {
      release();
      await holding;
    };
  }

  const ids = async (driver: SqlDriver) =>
    (await driver.all<{ id: string }>('SELECT id FROM notes ORDER BY position')).map((row) => row.id);

  it.each([
    ['the server cancels the statement', { statementMs: 300, queryMs: 10_000 }],
    ['the client gives up on it first', { statementMs: 0, queryMs: 300 }],
  ])('stores nothing of it when %s, and the next transaction only its own', async (_name, timeouts) => {
    const driver = postgresDriver(database.config.databaseUrl ?? '', timeouts);
    drivers.push(driver);
    await driver.run('SELECT 1');
    const unlock = await lockNotes();
    const stuck = driver.transaction(async (tx) => {
      await tx.run('INSERT INTO notes (id, position) VALUES ($1, $2)', ['told it failed', 1]);
    });
    await expect(stuck).rejects.toThrow(/timeout/i);
    await unlock();
    await driver.transaction(async (tx) =>
      tx.run('INSERT INTO notes (id, position) VALUES ($1, $2)', ['next', 2]),
    );
    expect(await ids(driver)).toEqual(['next']);
  });
});

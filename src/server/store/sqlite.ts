import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { SqlDriver, SqlExecutor, SqlValue } from './sql.ts';

/**
 * Transactions on one file from this process take turns: a second `BEGIN IMMEDIATE` on the same
 * thread would wait on a lock that only this thread can release.
 */
const turns = new Map<string, Promise<unknown>>();

/**
 * SQLite through `node:sqlite`, one file, opened on first use (so a server whose data directory
 * is missing still starts and answers 503 until it is fixed). WAL lets readers (`npm run inbox`)
 * work while the server writes; NORMAL sync is safe against a crash of the process.
 */
export function sqliteDriver(file: string): SqlDriver {
  let db: DatabaseSync | undefined;
  const statements = new Map<string, StatementSync>();

  function open(): DatabaseSync {
    if (db) return db;
    mkdirSync(dirname(file), { recursive: true });
    const opened = new DatabaseSync(file);
    opened.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    db = opened;
    return opened;
  }

  function prepare(sql: string): StatementSync {
    let statement = statements.get(sql);
    if (!statement) {
      statement = open().prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  }

  /** SQLite reads `$1` as a named parameter: bind the list by those names. */
  const bind = (params: readonly SqlValue[]) =>
    Object.fromEntries(params.map((value, index) => [`$${index + 1}`, value]));

  const executor: SqlExecutor = {
    run: async (sql, params = []) => Number(prepare(sql).run(bind(params)).changes),
    all: async <Row>(sql: string, params: readonly SqlValue[] = []) =>
      prepare(sql)
        .all(bind(params))
        .map((row) => ({ ...row }) as Row),
  };

  // IMMEDIATE takes the write lock at once: SQLite transactions never run side by side, even
  // across processes, so every transaction is also exclusive.
  function transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const run = async () => {
      const connection = open();
      connection.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(executor);
        connection.exec('COMMIT');
        return result;
      } catch (error) {
        connection.exec('ROLLBACK');
        throw error;
      }
    };
    const result = (turns.get(file) ?? Promise.resolve()).then(run, run);
    turns.set(
      file,
      result.catch(() => undefined),
    );
    return result;
  }

  return {
    kind: 'sqlite',
    ...executor,
    transaction,
    exclusive: transaction,
    async close() {
      statements.clear();
      db?.close();
      db = undefined;
    },
  };
}

import pg from 'pg';
import type { SqlDriver, SqlExecutor, SqlTransaction, SqlValue } from './sql.ts';

/** Any constant: the advisory lock that keeps two starting servers from migrating at once. */
const MIGRATION_LOCK = 72_616_001;

/**
 * PostgreSQL through a `pg` pool. Connections open lazily; a database that is down makes
 * queries fail fast (connection timeout) so the API answers 503 instead of hanging.
 */
export function postgresDriver(connectionString: string): SqlDriver {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    query_timeout: 10_000,
  });
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error(`[store] PostgreSQL connection lost: ${error.message}`));

  const on = (client: pg.Pool | pg.PoolClient): SqlExecutor => ({
    run: async (sql, params = []) => (await client.query(sql, [...params])).rowCount ?? 0,
    all: async <Row>(sql: string, params: readonly (string | number | null)[] = []) =>
      (await client.query(sql, [...params])).rows as Row[],
  });

  /**
   * Statements of a transaction on `client`. `pg` sends a client's queries one after another, so a
   * `later` write is sent at once and not waited for; its outcome is checked before the next
   * statement's answer is used and before COMMIT.
   */
  function inTransaction(client: pg.PoolClient): SqlTransaction & { settle(): Promise<void> } {
    const unsettled: Promise<Error | undefined>[] = [];
    const settle = async () => {
      const failed = (await Promise.all(unsettled.splice(0))).find((outcome) => outcome !== undefined);
      if (failed) throw failed;
    };
    const direct = on(client);
    return {
      // The earlier writes' failure, if any, is what the caller hears (this one fails after it).
      run: async (sql, params) => (await Promise.all([direct.run(sql, params), settle()]))[0],
      all: async <Row>(sql: string, params?: readonly SqlValue[]) =>
        (await Promise.all([direct.all<Row>(sql, params), settle()]))[0],
      later(sql, params = []) {
        unsettled.push(
          client.query(sql, [...params]).then(
            () => undefined,
            (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
          ),
        );
      },
      settle,
    };
  }

  async function transaction<T>(work: (tx: SqlTransaction) => Promise<T>, lock?: number): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      if (lock !== undefined) await client.query('SELECT pg_advisory_xact_lock($1)', [lock]);
      const tx = inTransaction(client);
      const result = await work(tx);
      await tx.settle();
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    kind: 'postgres',
    ...on(pool),
    transaction: (work) => transaction(work),
    exclusive: (work) => transaction(work, MIGRATION_LOCK),
    close: () => pool.end(),
  };
}

import pg from 'pg';
import type { SqlDriver, SqlExecutor, SqlTransaction, SqlValue } from './sql.ts';

/** Any constant: the advisory lock that keeps two starting servers from migrating at once. */
const MIGRATION_LOCK = 72_616_001;

/** How long PostgreSQL and the client wait for a statement (`postgresDriver`). */
export interface PostgresTimeouts {
  /** The server's `statement_timeout`: it cancels a statement, lock waits included, after this. */
  statementMs: number;
  /** The client's own limit, for a server or network that stops answering altogether. */
  queryMs: number;
}

const TIMEOUTS: PostgresTimeouts = { statementMs: 10_000, queryMs: 12_000 };

/**
 * PostgreSQL through a `pg` pool. Connections open lazily; a database that is down makes
 * queries fail fast (connection timeout) so the API answers 503 instead of hanging. A statement
 * waiting behind a lock (a migration, `VACUUM FULL`) is cancelled by the server itself, so its
 * transaction can still be rolled back on the same connection.
 */
export function postgresDriver(connectionString: string, timeouts: PostgresTimeouts = TIMEOUTS): SqlDriver {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    // Should a connection ever be left inside a transaction, the server ends it rather than
    // letting it hold its locks, or be committed by whoever uses the connection next.
    idle_in_transaction_session_timeout: 30_000,
  });
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error(`[store] PostgreSQL connection lost: ${error.message}`));

  const on = (client: pg.Pool | pg.PoolClient): SqlExecutor => ({
    run: async (sql, params = []) => (await client.query(sql, [...params])).rowCount ?? 0,
    all: async <Row>(sql: string, params: readonly (string | number | null)[] = []) =>
      (await client.query(sql, [...params])).rows as Row[],
  });

  /**
   * Statements of a transaction on `client`, sent one after another in the order they were given
   * (`pg` warns of a query sent while another runs, and will stop taking it). A `later` write is
   * queued and not waited for; its outcome is checked before the next statement's answer is used
   * and before COMMIT.
   */
  function inTransaction(client: pg.PoolClient) {
    let queue: Promise<unknown> = Promise.resolve();
    const send = (sql: string, params: readonly SqlValue[] = []) => {
      const sent = queue.then(() => client.query(sql, [...params]));
      queue = sent.catch(() => undefined);
      return sent;
    };
    const unsettled: Promise<Error | undefined>[] = [];
    const settle = async () => {
      const failed = (await Promise.all(unsettled.splice(0))).find((outcome) => outcome !== undefined);
      if (failed) throw failed;
    };
    const tx: SqlTransaction = {
      // The earlier writes' failure, if any, is what the caller hears (this one fails after it).
      run: async (sql, params) => (await Promise.all([send(sql, params), settle()]))[0].rowCount ?? 0,
      all: async <Row>(sql: string, params?: readonly SqlValue[]) =>
        (await Promise.all([send(sql, params), settle()]))[0].rows as Row[],
      later(sql, params) {
        unsettled.push(
          send(sql, params).then(
            () => undefined,
            (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
          ),
        );
      },
    };
    /** Resolves once every statement given so far has been answered, failed or not. */
    const drained = () => queue.then(() => undefined);
    return { tx, settle, drained };
  }

  async function transaction<T>(work: (tx: SqlTransaction) => Promise<T>, lock?: number): Promise<T> {
    const client = await pool.connect();
    const statements = inTransaction(client);
    let result: T;
    try {
      await client.query('BEGIN');
      if (lock !== undefined) await client.query('SELECT pg_advisory_xact_lock($1)', [lock]);
      result = await work(statements.tx);
      await statements.settle();
      await client.query('COMMIT');
    } catch (error) {
      // A connection whose ROLLBACK failed may still be inside the transaction (a statement the
      // client gave up on still running, the ROLLBACK never sent): it is closed, never handed to
      // the next request, whose COMMIT would store what this one was told had failed.
      await statements.drained();
      const rolledBack = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      client.release(!rolledBack);
      throw error;
    }
    client.release();
    return result;
  }

  return {
    kind: 'postgres',
    ...on(pool),
    transaction: (work) => transaction(work),
    exclusive: (work) => transaction(work, MIGRATION_LOCK),
    close: () => pool.end(),
  };
}

/** A value bound to a query parameter. */
export type SqlValue = string | number | null;

/**
 * What the store needs from a database: queries written once, with `$1, $2...` placeholders,
 * run on SQLite or PostgreSQL alike. Parameters are always bound, never spliced into the text.
 */
export interface SqlExecutor {
  /** Runs a statement and returns how many rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  all<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
}

/**
 * Statements inside a transaction. `later` is for a write whose result nothing reads: it goes to
 * the database with the transaction's next statement or its COMMIT, several in one trip, and if
 * it fails, that statement or the COMMIT fails and the whole transaction rolls back.
 */
export interface SqlTransaction extends SqlExecutor {
  later(sql: string, params?: readonly SqlValue[]): void;
}

export interface SqlDriver extends SqlExecutor {
  readonly kind: 'sqlite' | 'postgres';
  /** Runs `work` in one transaction: all of its statements are stored, or none. */
  transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /** A transaction that no other process runs alongside (for migrations). */
  exclusive<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

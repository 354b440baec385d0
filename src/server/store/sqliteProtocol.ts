import type { SqlValue } from './sql.ts';

/** What the SQLite driver asks its worker thread (`sqliteWorker.ts`) to do. */
export type SqliteRequest = { id: number; busyMs?: number | undefined } & (
  | { op: 'exec'; sql: string }
  | { op: 'run' | 'all'; sql: string; params: readonly SqlValue[] }
  /** Statements in order, in one trip: the answer is the last one's; the first failure stops them. */
  | { op: 'batch'; steps: SqliteStep[] }
  | { op: 'close' }
);

/** One statement of a batch (`exec` when it has no parameters and no result, as COMMIT). */
export type SqliteStep =
  { op: 'run' | 'all'; sql: string; params: readonly SqlValue[] } | { op: 'exec'; sql: string };

/** Rows for `all`, the number of changed rows for `run`. */
export type SqliteResult = number | Record<string, unknown>[] | undefined;

/** The worker's answer to one request. */
export type SqliteReply =
  { id: number; ok: true; result: SqliteResult } | { id: number; ok: false; message: string };

import { Worker } from 'node:worker_threads';
import type { SqlDriver, SqlTransaction, SqlValue } from './sql.ts';
import type { SqliteReply, SqliteRequest, SqliteResult, SqliteStep } from './sqliteProtocol.ts';
import { openOperation } from './requestWait.ts';

/**
 * The longest a request (or a script's operation) waits for the database, its turns on the
 * connection and another process's write lock together, before it fails (and the API answers 503).
 */
const WAIT_MS = 3_000;

/** A request to the worker, before it is numbered. */
type Ask = (SqliteStep | { op: 'batch'; steps: SqliteStep[] } | { op: 'close' }) & {
  busyMs?: number | undefined;
};

/**
 * SQLite through `node:sqlite` on a worker thread (`sqliteWorker.ts`), so that the server's
 * event loop never waits on the database: static pages are served while another process holds
 * the write lock. Operations on the one connection take turns, a transaction holding it from
 * BEGIN to COMMIT; an operation that cannot start and get the lock within what is left of its
 * request's `waitMs` fails.
 */
export function sqliteDriver(file: string, { waitMs = WAIT_MS } = {}): SqlDriver {
  let worker: Worker | undefined;
  let lastId = 0;
  const pending = new Map<
    number,
    { resolve: (result: SqliteResult) => void; reject: (error: Error) => void }
  >();

  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(new URL('./sqliteWorker.ts', import.meta.url), {
      workerData: { file, waitMs },
    });
    started.on('message', (reply: SqliteReply) => {
      const asked = pending.get(reply.id);
      pending.delete(reply.id);
      // An idle thread must not keep a finished command-line script alive.
      if (pending.size === 0) started.unref();
      if (reply.ok) asked?.resolve(reply.result);
      else asked?.reject(new Error(reply.message));
    });
    const stopped = (error: Error) => {
      if (worker === started) worker = undefined;
      for (const asked of pending.values()) asked.reject(error);
      pending.clear();
    };
    started.on('error', stopped);
    started.on('exit', (code) => stopped(new Error(`the SQLite thread stopped (exit code ${code})`)));
    worker = started;
    return started;
  }

  function ask(request: Ask): Promise<SqliteResult> {
    const id = ++lastId;
    const target = thread();
    target.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      target.postMessage({ id, ...request } satisfies SqliteRequest);
    });
  }

  let turn: Promise<void> = Promise.resolve();

  /**
   * Runs `work` when the connection is free, with the time by which it must be done waiting: the
   * operation's share of its request's wait (`requestWait.ts`), so a request of several
   * operations is refused after `waitMs` in all.
   */
  function inTurn<T>(work: (deadline: number) => Promise<T>): Promise<T> {
    const operation = openOperation(waitMs);
    const deadline = Date.now() + operation.allowedMs;
    const previous = turn;
    let release = () => {};
    turn = new Promise((resolve) => (release = resolve));
    return (async () => {
      let timer: NodeJS.Timeout | undefined;
      const free = await Promise.race([
        previous.then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), operation.allowedMs))),
      ]);
      clearTimeout(timer);
      if (!free) {
        operation.done();
        // The connection is still busy: the next in line waits for it, not for this one.
        void previous.then(release);
        throw new Error(`the database stayed busy for ${waitMs / 1000} s in all (another process holds it)`);
      }
      try {
        return await work(deadline);
      } finally {
        release();
        operation.done();
      }
    })();
  }

  const left = (deadline: number) => Math.max(0, deadline - Date.now());

  return {
    kind: 'sqlite',
    run: (sql, params = []) =>
      inTurn(async (deadline) => Number(await ask({ op: 'run', sql, params, busyMs: left(deadline) }))),
    all: <Row>(sql: string, params: readonly SqlValue[] = []) =>
      inTurn(async (deadline) => rows<Row>(await ask({ op: 'all', sql, params, busyMs: left(deadline) }))),
    // IMMEDIATE takes the write lock at once: SQLite transactions never run side by side, even
    // across processes, so every transaction is also exclusive.
    transaction: (work) => inTurn((deadline) => transaction(work, deadline)),
    exclusive: (work) => inTurn((deadline) => transaction(work, deadline)),
    async close() {
      await turn;
      if (!worker) return;
      const closing = worker;
      await ask({ op: 'close' }).catch(() => undefined);
      worker = undefined;
      await closing.terminate();
    },
  };

  /**
   * One transaction on the connection, which it holds from BEGIN to COMMIT. Each trip to the
   * worker carries what `later` has gathered and the statement that needs an answer (the first
   * also BEGIN, the last COMMIT), so a transaction costs as many trips as it has answers to wait
   * for, not one per statement.
   */
  async function transaction<T>(work: (tx: SqlTransaction) => Promise<T>, deadline: number): Promise<T> {
    // IMMEDIATE takes the write lock at once, waiting for another process's at most until `deadline`.
    const gathered: SqliteStep[] = [{ op: 'exec', sql: 'BEGIN IMMEDIATE' }];
    let begun = false;
    const send = (last: SqliteStep) => {
      const steps = [...gathered.splice(0), last];
      const busyMs = begun ? undefined : left(deadline);
      begun = true;
      return ask(steps.length === 1 ? { ...last, busyMs } : { op: 'batch', steps, busyMs });
    };
    const tx: SqlTransaction = {
      run: async (sql, params = []) => Number(await send({ op: 'run', sql, params })),
      all: async <Row>(sql: string, params: readonly SqlValue[] = []) =>
        rows<Row>(await send({ op: 'all', sql, params })),
      later: (sql, params = []) => void gathered.push({ op: 'run', sql, params }),
    };
    try {
      const result = await work(tx);
      await send({ op: 'exec', sql: 'COMMIT' });
      return result;
    } catch (error) {
      if (begun) await ask({ op: 'exec', sql: 'ROLLBACK' }).catch(() => undefined);
      throw error;
    }
  }
}

/** The rows of an `all`, typed as the query's caller expects them. */
function rows<Row>(result: SqliteResult): Row[] {
  return Array.isArray(result) ? (result as Row[]) : [];
}

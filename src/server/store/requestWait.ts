import { AsyncLocalStorage } from 'node:async_hooks';

/** The time one request has spent with the database so far. */
interface WaitAccount {
  /** Time with the database before the operations under way began. */
  spentMs: number;
  /** Operations of the request under way; time while any is counts once. */
  underWay: number;
  /** When the operations under way began. */
  since: number;
}

/**
 * One for the process, however many copies of this module it loads: the build bundles the
 * middleware, which opens each request's account, with a copy of its own, while the server's
 * store reads the source. With an instance each, the store never saw a request's account and gave
 * every operation the whole limit: an order waiting its turn behind another write, then for the
 * lock, was refused after 6 s instead of 3.
 */
const ACCOUNTS = Symbol.for('saffron-and-stone.requestWait');
const accounts = ((globalThis as { [ACCOUNTS]?: AsyncLocalStorage<WaitAccount> })[ACCOUNTS] ??=
  new AsyncLocalStorage<WaitAccount>());

/**
 * Runs one request's `work` with one account of its time with the database, so that a request
 * of several operations is refused once it has waited a driver's limit in all, not that limit
 * for each operation. Time it spends elsewhere (sending a text message) does not count.
 */
export function withRequestWait<T>(work: () => T): T {
  return accounts.run({ spentMs: 0, underWay: 0, since: 0 }, work);
}

/**
 * Opens an operation of the current request: how long it may still wait, at most `limitMs`, and
 * `done` to call once when it has finished. Outside a request (a script) each operation has the limit.
 */
export function openOperation(limitMs: number): { allowedMs: number; done: () => void } {
  const account = accounts.getStore();
  if (!account) return { allowedMs: limitMs, done: () => {} };
  const now = Date.now();
  const spent = account.spentMs + (account.underWay > 0 ? now - account.since : 0);
  if (account.underWay++ === 0) account.since = now;
  return {
    allowedMs: Math.max(0, limitMs - spent),
    done: () => {
      if (--account.underWay === 0) account.spentMs += Date.now() - account.since;
    },
  };
}

import type { Store } from '#src/server/store/types.ts';

/** Orders one round looks at: a backlog is worked through a round a check. */
const ROUND = 100;

/**
 * Cancels the orders still awaiting payment `unpaidMs` after they were placed, returning their
 * stock. Every server process may run it at once: each order is cancelled by one of them only.
 * Answers the ids this process cancelled.
 */
export async function expireUnpaidOrders(
  store: Store,
  unpaidMs: number,
  now = Date.now(),
): Promise<string[]> {
  const minutes = Math.round(unpaidMs / 60_000);
  const ids = await store.unpaidOrders(new Date(now - unpaidMs).toISOString(), ROUND);
  const cancelled: string[] = [];
  for (const id of ids) {
    const result = await store.cancelOrder(
      id,
      `Not paid within ${minutes} minutes: cancelled and its stock returned`,
      ['awaiting_payment'],
    );
    if (result.ok) cancelled.push(id);
  }
  return cancelled;
}

/** Runs `expireUnpaidOrders` every `everyMs` until stopped; a failure is logged and tried next time. */
export function startExpiry(store: Store, { unpaidMs, everyMs }: { unpaidMs: number; everyMs: number }) {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = expireUnpaidOrders(store, unpaidMs).then(
      (ids) => {
        if (ids.length > 0)
          console.log(`[payments] cancelled ${ids.length} order(s) not paid in time: ${ids.join(', ')}`);
      },
      (error: unknown) =>
        console.error(
          `[payments] unpaid orders were not checked: ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

import type { Server } from 'node:http';
import type { Store } from '#src/server/store/index.ts';
import type { RequestsInFlight } from './inFlight.ts';

interface Running {
  server: Server;
  inFlight: RequestsInFlight;
  /** What runs beside the requests (the outbox, unpaid orders' expiry): each finishes its round. */
  jobs: { stop: () => Promise<void> }[];
  store: Store;
  /** How long requests in flight may take to finish (`SHUTDOWN_TIMEOUT_MS`). */
  timeoutMs: number;
}

/**
 * SIGTERM (or Ctrl-C): stop accepting connections, let requests in flight finish (a message
 * being received is still stored), let the outbox and the other jobs finish their rounds, then close the
 * database and exit.
 */
export function stopOnSignals({ server, inFlight, jobs, store, timeoutMs }: Running): void {
  async function shutdown(signal: string): Promise<void> {
    if (inFlight.stopping) return;
    inFlight.stopping = true;
    const open = inFlight.byConnection;
    console.log(`[server] ${signal}: finishing ${open.size} request(s), then stopping`);
    for (const res of open.values()) if (!res.headersSent) res.setHeader('Connection', 'close');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
    await closed;
    clearTimeout(deadline);
    await Promise.all(jobs.map((job) => job.stop()));
    await store
      .close()
      .catch((error: Error) => console.error(`[server] closing the database: ${error.message}`));
    console.log('[server] stopped');
    process.exit(0);
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

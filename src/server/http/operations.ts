import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Store } from '#src/server/store/types.ts';

/** Astro's own routes that no page of the shop uses: answered 404 before Astro sees them. */
const UNUSED_ROUTES = /^\/(?:_image|_server-islands)(?:\/|$)/;

export const isUnusedRoute = (pathname: string): boolean => UNUSED_ROUTES.test(pathname);

/** A request id a trusted proxy may pass on (nginx's `$request_id`); anything else is replaced. */
const REQUEST_ID = /^[\w.-]{1,64}$/;

export function requestIdOf(req: IncomingMessage, fromTrustedProxy: boolean): string {
  const given = req.headers['x-request-id'];
  return fromTrustedProxy && typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The path as logged: no query string (tracking lookups carry phones there), and any segment
 * long and random enough to be a secret (a tracking or sign-in token) replaced.
 */
export function loggedPath(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0] ?? '/';
  return path
    .split('/')
    .map((segment) => (/^[\w%-]{24,}$/.test(segment) ? ':secret' : segment))
    .join('/')
    .slice(0, 200);
}

/** One JSON line a request, when its answer is done (or the client went away). */
export function logRequest(req: IncomingMessage, res: ServerResponse, id: string, started: bigint): void {
  const line = {
    time: new Date().toISOString(),
    id,
    method: req.method,
    path: loggedPath(req.url),
    status: res.statusCode,
    ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
    ...(res.writableFinished ? {} : { aborted: true }),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/**
 * `/healthz` (the process answers, with how many requests it is answering, this one included)
 * and `/readyz` (the database answers and has every migration): for load balancers and
 * orchestrators, answered before Astro. Undefined for any other path.
 */
export async function probeAnswer(
  pathname: string,
  store: Store,
  inFlight: number,
): Promise<{ status: number; body: Record<string, unknown> } | undefined> {
  if (pathname === '/healthz') return { status: 200, body: { ok: true, inFlight } };
  if (pathname !== '/readyz') return undefined;
  try {
    await store.checkReady();
    return { status: 200, body: { ok: true, database: store.kind } };
  } catch (error) {
    // The reason (hosts, ports) is for the operator's log, not for whoever asks.
    console.error(`[server] not ready: ${error instanceof Error ? error.message : String(error)}`);
    const message = 'The database is unreachable or its migrations are not applied.';
    return { status: 503, body: { ok: false, database: store.kind, message } };
  }
}

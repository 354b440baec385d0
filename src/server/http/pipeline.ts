import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Identity } from '#src/server/identity/index.ts';
import type { Payments } from '#src/server/payments/settings.ts';
import type { Store } from '#src/server/store/index.ts';
import { allowPublicReads, refuseMethod } from './access.ts';
import type { Build } from './build.ts';
import { finishDynamicResponse } from './dynamic.ts';
import { NON_PAGE_POLICY, reachedOverHttps, securityHeaders } from './headers.ts';
import type { RequestsInFlight } from './inFlight.ts';
import { isUnusedRoute, loggedPath, logRequest, probeAnswer, requestIdOf } from './operations.ts';
import { forwardedClient, type ForwardedClient, type TrustProxy } from './proxy.ts';
import { findStaticFile, sendStaticFile } from './static.ts';

interface Parts {
  build: Build;
  store: Store;
  identity: Identity;
  payments: Payments;
  trustProxy: TrustProxy;
  inFlight: RequestsInFlight;
}

/** A short answer of our own (JSON or plain text) that no cache keeps. */
function answerDirectly(res: ServerResponse, status: number, body: string, type: string): void {
  res.writeHead(status, {
    'Content-Type': `${type}; charset=utf-8`,
    'Content-Security-Policy': NON_PAGE_POLICY,
    'Cache-Control': 'no-store',
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/**
 * Every request, in order: security headers, the address, CORS, the method policy, the probes,
 * the build's static files, then Astro (and its route cache). Each is logged when answered;
 * a failure is a 500.
 */
export function requestPipeline({
  build,
  store,
  identity,
  payments,
  trustProxy,
  inFlight,
}: Parts): RequestListener {
  const { astro, files, policies, catalogue, drawnPictures, islandScripts } = build;

  async function handle(req: IncomingMessage, res: ServerResponse, client: ForwardedClient): Promise<void> {
    const overHttps = reachedOverHttps(req, client.proto);
    for (const [name, value] of Object.entries(securityHeaders(overHttps))) {
      res.setHeader(name, value);
    }
    if (inFlight.stopping) res.setHeader('Connection', 'close');

    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Security-Policy': NON_PAGE_POLICY,
      });
      res.end('Bad request: the address is not valid.');
      return;
    }

    if (allowPublicReads(req, res, pathname)) return;

    const refused = refuseMethod(req.method ?? '', pathname);
    if (refused) {
      const [status, headers, body] = refused;
      res.writeHead(status, {
        ...headers,
        'Content-Security-Policy': NON_PAGE_POLICY,
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }

    const probe = await probeAnswer(pathname, store, inFlight.byConnection.size);
    if (probe) {
      answerDirectly(res, probe.status, JSON.stringify(probe.body), 'application/json');
      return;
    }
    if (isUnusedRoute(pathname)) {
      answerDirectly(res, 404, 'Not found.', 'text/plain');
      return;
    }

    const reading = req.method === 'GET' || req.method === 'HEAD';
    const file = reading ? findStaticFile(files, pathname) : undefined;
    if (file) {
      res.setHeader(
        'Content-Security-Policy',
        file.contentType.startsWith('text/html')
          ? (policies.forPath(pathname) ?? policies.fallback)
          : NON_PAGE_POLICY,
      );
      await sendStaticFile(file, req, res);
      return;
    }

    finishDynamicResponse(req, res, policies.fallback);
    // No `next`: a path no route matches is Astro's to answer, with its 404 page.
    // The middleware (src/middleware.ts) puts the request's own session lookup in place.
    await astro(req, res, undefined, {
      store,
      catalogue,
      drawnPictures,
      islandScripts,
      identity,
      payments,
      clientAddress: client.address,
      overHttps,
      peerAddress: req.socket.remoteAddress,
      viaProxy: client.viaProxy,
      session: async () => undefined,
    });
  }

  return (req, res) => {
    const started = process.hrtime.bigint();
    const client = forwardedClient(trustProxy, req.socket.remoteAddress ?? '', req.headers);
    const id = requestIdOf(req, client.viaProxy);
    res.setHeader('X-Request-Id', id);
    inFlight.byConnection.set(req.socket, res);
    res.on('close', () => {
      inFlight.byConnection.delete(req.socket);
      logRequest(req, res, id, started);
    });
    handle(req, res, client).catch((error: unknown) => {
      console.error(`[server] ${req.method} ${loggedPath(req.url)} failed:`, error);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal server error');
      } else {
        res.destroy();
      }
    });
  };
}

import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readCatalogueIndex } from '../../lib/catalogueIndex.ts';
import type { CatalogueItem } from '../../lib/search.ts';
import { identityFromEnv } from '../identity/index.ts';
import { leaseMsFromEnv, startDispatcher } from '../messages/dispatcher.ts';
import { emailSenderFromEnv } from '../messages/email.ts';
import { liveProductList } from '../stock/productList.ts';
import { createStore } from '../store/index.ts';
import { configFromEnv } from './config.ts';
import { finishDynamicResponse } from './dynamic.ts';
import { loadPagePolicies, NON_PAGE_POLICY, securityHeaders } from './headers.ts';
import { isUnusedRoute, loggedPath, logRequest, probeAnswer, requestIdOf } from './operations.ts';
import { forwardedClient, type ForwardedClient } from './proxy.ts';
import { findStaticFile, indexStaticFiles, sendStaticFile } from './static.ts';

/** The handler `@astrojs/node` builds in `middleware` mode. */
type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: undefined,
  locals: App.Locals,
) => Promise<void>;

/** The public reads other sites may make: the product list and its live stock. */
const PUBLIC_READS = /^\/api\/v1\/(?:product(?:\/|$)|stock\/?$)/;
/** The catalogue with search parameters is rendered on demand by this route; without, it is prerendered. */
const CATALOGUE = '/products';
const CATALOGUE_RESULTS = '/products/results';
/** The product list the build wrote, answered with each pack's live stock. */
const PRODUCT_LIST = '/api/v1/product';
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
};

/** The process's settings; a setting that cannot work stops it here, naming what to give. */
const { config, identity } = (() => {
  try {
    return { config: configFromEnv(), identity: identityFromEnv() };
  } catch (error) {
    console.error(`[server] cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
})();
console.log(
  identity.settings.demo
    ? '[server] demo mode: every sign-in code is the demo code, and texts are printed here, not sent'
    : `[server] sign-in codes leave through the ${identity.sender.name} sender`,
);
const dist = join(import.meta.dirname, '../../../dist');
const { handler } = (await import(pathToFileURL(join(dist, 'server/entry.mjs')).href)) as {
  handler: AstroHandler;
};
const files = await indexStaticFiles(join(dist, 'client'));
const policies = await loadPagePolicies(join(dist, '_headers.json'));
const catalogue = await loadCatalogueIndex(join(dist, 'client/products/index.json'));
const store = createStore(config);
const productListWithStock = liveProductList(store);
await store.ready().then(
  () => console.log(`[server] ${store.kind} database ready`),
  (error: Error) => console.error(`[server] ${error.message}; the API answers 503 until it is back.`),
);
// Messages in the outbox go out from every server process (each message is claimed by one),
// unless `OUTBOX_SENDER=off` leaves the sending to other processes.
const outbox =
  process.env['OUTBOX_SENDER'] === 'off'
    ? { stop: async () => undefined }
    : startDispatcher(
        store,
        { sms: identity.sender, email: emailSenderFromEnv() },
        { leaseMs: leaseMsFromEnv() },
      );

/** Methods the API's routes answer themselves (a 405 in JSON with their own `Allow` for the rest). */
const API_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The answer to a method no route takes: pages are only read (GET, HEAD); on the API, methods no
 * route knows (TRACE, CONNECT, inventions) get the API's JSON shape. Undefined when it may pass.
 */
function refuseMethod(
  method: string,
  pathname: string,
): [number, Record<string, string>, string] | undefined {
  if (pathname.startsWith('/api/')) {
    if (API_METHODS.has(method)) return undefined;
    const body = JSON.stringify({ success: false, message: `${method} is not supported here.` });
    return [
      405,
      { Allow: 'GET, HEAD, POST, OPTIONS', 'Content-Type': 'application/json; charset=utf-8' },
      body,
    ];
  }
  if (method === 'GET' || method === 'HEAD') return undefined;
  return [
    405,
    { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
    'Method not allowed: pages can only be read (GET or HEAD).',
  ];
}

/** The catalogue's index as the build wrote it, for the search results route. */
async function loadCatalogueIndex(path: string): Promise<CatalogueItem[] | undefined> {
  try {
    const index = readCatalogueIndex(JSON.parse(await readFile(path, 'utf8')));
    if (index.success) return index.products;
  } catch {
    // Reported below.
  }
  console.error(
    `[server] ${path} is missing or unreadable: search results read the catalogue at each request.`,
  );
  return undefined;
}

/** Requests being answered, by connection, so a shutdown can let them finish. */
const inFlight = new Map<Socket, ServerResponse>();
let stopping = false;

/** A short answer of our own (JSON or plain text) that no cache keeps. */
function answerDirectly(res: ServerResponse, status: number, body: string, type: string): void {
  res.writeHead(status, {
    'Content-Type': `${type}; charset=utf-8`,
    'Content-Security-Policy': NON_PAGE_POLICY,
    'Cache-Control': 'no-store',
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

async function handle(req: IncomingMessage, res: ServerResponse, client: ForwardedClient): Promise<void> {
  for (const [name, value] of Object.entries(securityHeaders(req, client.proto))) {
    res.setHeader(name, value);
  }
  if (stopping) res.setHeader('Connection', 'close');

  let pathname: string;
  let search: string;
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    pathname = decodeURIComponent(url.pathname);
    search = url.search;
  } catch {
    res.writeHead(400, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Security-Policy': NON_PAGE_POLICY,
    });
    res.end('Bad request: the address is not valid.');
    return;
  }

  if (PUBLIC_READS.test(pathname)) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type, If-None-Match',
        'Access-Control-Max-Age': '86400',
      });
      res.end();
      return;
    }
  }

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

  const probe = await probeAnswer(pathname, store, inFlight.size);
  if (probe) {
    answerDirectly(res, probe.status, JSON.stringify(probe.body), 'application/json');
    return;
  }
  if (isUnusedRoute(pathname)) {
    answerDirectly(res, 404, 'Not found.', 'text/plain');
    return;
  }

  const reading = req.method === 'GET' || req.method === 'HEAD';
  if (reading && pathname === CATALOGUE && search.length > 1) {
    req.url = CATALOGUE_RESULTS + search;
    pathname = CATALOGUE_RESULTS;
  }
  const file = reading ? findStaticFile(files, pathname) : undefined;
  if (file) {
    res.setHeader(
      'Content-Security-Policy',
      file.contentType.startsWith('text/html')
        ? (policies.forPath(pathname) ?? policies.fallback)
        : NON_PAGE_POLICY,
    );
    await sendStaticFile(pathname === PRODUCT_LIST ? await productListWithStock(file) : file, req, res);
    return;
  }

  finishDynamicResponse(req, res, policies.fallback);
  // No `next`: a path no route matches is Astro's to answer, with its 404 page.
  // The middleware (src/middleware.ts) puts the request's own session lookup in place.
  await handler(req, res, undefined, {
    store,
    catalogue,
    identity,
    clientAddress: client.address,
    session: async () => undefined,
  });
}

const listener = (req: IncomingMessage, res: ServerResponse) => {
  const started = process.hrtime.bigint();
  const client = forwardedClient(config.trustProxy, req.socket.remoteAddress ?? '', req.headers);
  const id = requestIdOf(req, client.viaProxy);
  res.setHeader('X-Request-Id', id);
  inFlight.set(req.socket, res);
  res.on('close', () => {
    inFlight.delete(req.socket);
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

const timeouts = {
  requestTimeout: config.requestTimeoutMs,
  headersTimeout: Math.min(60_000, config.requestTimeoutMs),
  // Timeouts are checked this often; a short request timeout (tests) needs a short interval.
  connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.requestTimeoutMs / 4)),
};
const server = config.tls
  ? createHttpsServer(
      { ...timeouts, cert: readFileSync(config.tls.certPath), key: readFileSync(config.tls.keyPath) },
      listener,
    )
  : createHttpServer(timeouts, listener);

// Malformed requests and slow clients get a short JSON answer instead of Node's bare one.
server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
  const answered = inFlight.get(socket)?.headersSent ?? false;
  if (error.code !== 'ECONNRESET' && socket.writable && !answered) {
    const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
      400,
      'Bad Request',
      'The request is malformed.',
    ];
    const body = JSON.stringify({ success: false, message });
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
});

server.on('error', (error) => {
  console.error(`[server] cannot listen on ${config.host}:${config.port}: ${error.message}`);
  process.exit(1);
});

server.listen(config.port, config.host, () => {
  const scheme = config.tls ? 'https' : 'http';
  console.log(`[server] listening on ${scheme}://${config.host}:${config.port}`);
});

/**
 * SIGTERM (or Ctrl-C): stop accepting connections, let requests in flight finish (a message
 * being received is still stored), let the outbox finish the round it is sending, then close the
 * database and exit.
 */
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: finishing ${inFlight.size} request(s), then stopping`);
  for (const res of inFlight.values()) if (!res.headersSent) res.setHeader('Connection', 'close');
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const deadline = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
  await closed;
  clearTimeout(deadline);
  await outbox.stop();
  await store
    .close()
    .catch((error: Error) => console.error(`[server] closing the database: ${error.message}`));
  console.log('[server] stopped');
  process.exit(0);
}

process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

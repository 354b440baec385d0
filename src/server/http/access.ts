import type { IncomingMessage, ServerResponse } from 'node:http';

/** The public reads other sites may make: the product list and its live stock. */
const PUBLIC_READS = /^\/api\/v1\/(?:product(?:\/|$)|stock\/?$)/;

/** Methods the API's routes answer themselves (a 405 in JSON with their own `Allow` for the rest). */
const API_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Lets other sites read the public API (CORS); answers their preflight and returns true when the
 * request was one.
 */
export function allowPublicReads(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  if (!PUBLIC_READS.test(pathname)) return false;
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (req.method !== 'OPTIONS') return false;
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, If-None-Match',
    'Access-Control-Max-Age': '86400',
  });
  res.end();
  return true;
}

/**
 * The answer to a method no route takes: pages are only read (GET, HEAD); on the API, methods no
 * route knows (TRACE, CONNECT, inventions) get the API's JSON shape. Undefined when it may pass.
 */
export function refuseMethod(
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

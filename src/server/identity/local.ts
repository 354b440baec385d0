import type { APIContext } from 'astro';

/** A loopback peer: this machine, over IPv4 (127.0.0.0/8, also IPv4-mapped) or IPv6. */
const LOOPBACK = /^(?:(?:::ffff:)?127(?:\.\d{1,3}){3}|::1)$/i;

/** The two names the issue allows the demo code on, with or without a port. */
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1)(?::\d{1,5})?$/i;

/** Headers a proxy adds; a request made on this machine by a browser or a test has none. */
const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
];

/**
 * True for a request made on the shop's own machine: from a loopback address, addressed to
 * `localhost` or `127.0.0.1`, not from a trusted proxy and without any proxy's headers. Only such a
 * request may sign in with the demo code, whatever `SITE_URL` says: a proxy on the same machine
 * connects from loopback too, but says whom it serves in its headers (or its `Host`).
 */
export function isLocalRequest(context: Pick<APIContext, 'request' | 'clientAddress' | 'locals'>): boolean {
  const { headers } = context.request;
  const { locals } = context;
  // The adapter's address only where the server process did not give the connection's (astro dev).
  return (
    locals.viaProxy !== true &&
    LOOPBACK.test(locals.peerAddress ?? context.clientAddress) &&
    LOCAL_HOST.test(headers.get('host') ?? '') &&
    PROXY_HEADERS.every((name) => !headers.has(name))
  );
}

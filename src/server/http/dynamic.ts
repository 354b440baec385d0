import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';
import { NON_PAGE_POLICY } from './headers.ts';
import { isCompressible } from './mime.ts';

/**
 * Brotli or gzip for text answers of 1 KiB or more, at fast levels (this runs per request; the
 * static files were compressed at build time). It says `Vary: Accept-Encoding` on every answer
 * it could compress, and slows down with the client.
 */
const compress = compression({
  threshold: 1024,
  level: 6,
  // Brotli's quality 5: as fast as the package's 4 here, and a page 8% smaller.
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  filter: (_req, res) => isCompressible(String(res.getHeader('content-type') ?? '')),
});

/**
 * Sets the headers a `writeHead` call names on the response itself (so they can still be read and
 * changed), and returns its status message, if any.
 */
function takeHeaderArguments(
  res: ServerResponse,
  args: readonly (string | OutgoingHttpHeaders | undefined)[],
): string | undefined {
  for (const arg of args) {
    if (typeof arg !== 'object') continue;
    for (const [name, value] of Object.entries(arg)) if (value !== undefined) res.setHeader(name, value);
  }
  return args.find((arg): arg is string => typeof arg === 'string');
}

/**
 * Completes the headers of a response Astro rendered on demand: a text type gets its charset, and
 * the response a Content-Security-Policy if it brought none (`pagePolicy` for HTML, nothing-loads
 * otherwise).
 */
function completeHeaders(res: ServerResponse, pagePolicy: string): void {
  let contentType = String(res.getHeader('content-type') ?? '');
  if (isCompressible(contentType) && !/charset=/i.test(contentType)) {
    // Astro renders UTF-8 but names no charset (`text/html`): say so, as the static files do.
    contentType += '; charset=utf-8';
    res.setHeader('Content-Type', contentType);
  }
  if (!res.hasHeader('content-security-policy')) {
    res.setHeader(
      'Content-Security-Policy',
      contentType.startsWith('text/html') ? pagePolicy : NON_PAGE_POLICY,
    );
  }
}

/**
 * Prepares a response that Astro renders on demand: when its headers are written, they are
 * completed (completeHeaders), and text is compressed for a client that accepts it.
 */
export function finishDynamicResponse(req: IncomingMessage, res: ServerResponse, pagePolicy: string): void {
  // `compression` is written for Express; it only uses what Node's own request and response have.
  compress(req as never, res as never, () => undefined);
  const writeHead = res.writeHead.bind(res);

  res.writeHead = ((status: number, ...rest: (string | OutgoingHttpHeaders | undefined)[]) => {
    const message = takeHeaderArguments(res, rest);
    completeHeaders(res, pagePolicy);
    return message === undefined ? writeHead(status) : writeHead(status, message);
  }) as ServerResponse['writeHead'];
}

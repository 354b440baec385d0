import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
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
  filter: (_req, res) => isCompressible(String(res.getHeader('content-type') ?? '')),
});

/**
 * Prepares a response that Astro renders on demand: when its headers are written, a text type
 * gets its charset, it gets a Content-Security-Policy if it brought none (`pagePolicy` for HTML,
 * nothing-loads otherwise), and text is compressed for a client that accepts it.
 */
export function finishDynamicResponse(req: IncomingMessage, res: ServerResponse, pagePolicy: string): void {
  // `compression` is written for Express; it only uses what Node's own request and response have.
  compress(req as never, res as never, () => undefined);
  const writeHead = res.writeHead.bind(res);

  res.writeHead = ((status: number, ...rest: (string | OutgoingHttpHeaders | undefined)[]) => {
    for (const arg of rest) {
      if (typeof arg !== 'object') continue;
      for (const [name, value] of Object.entries(arg)) if (value !== undefined) res.setHeader(name, value);
    }
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
    const message = rest.find((arg): arg is string => typeof arg === 'string');
    return message === undefined ? writeHead(status) : writeHead(status, message);
  }) as ServerResponse['writeHead'];
}

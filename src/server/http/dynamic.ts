import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { constants, createBrotliCompress, createGzip, type Gzip, type BrotliCompress } from 'node:zlib';
import { negotiateEncoding } from './encoding.ts';
import { NON_PAGE_POLICY } from './headers.ts';
import { isCompressible } from './mime.ts';

/** Below this a compressed answer is no smaller once headers are counted. */
const MIN_COMPRESS_BYTES = 1024;

type Write = ServerResponse['write'];
type End = ServerResponse['end'];

/**
 * Prepares a response that Astro renders on demand: when its headers are written, a text type
 * gets its charset, it gets a Content-Security-Policy if it brought none (`pagePolicy` for HTML, nothing-loads otherwise) and,
 * when the client accepts it and the type is text, a brotli or gzip body (fast levels: this runs
 * per request; the static files were compressed at build time).
 */
export function finishDynamicResponse(req: IncomingMessage, res: ServerResponse, pagePolicy: string): void {
  const encoding = req.method === 'HEAD' ? undefined : negotiateEncoding(req.headers['accept-encoding']);
  const writeHead = res.writeHead.bind(res);
  const write = res.write.bind(res) as (chunk: unknown, callback?: () => void) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown, callback?: () => void) => ServerResponse;
  let compressor: Gzip | BrotliCompress | undefined;

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
    const length = Number(res.getHeader('content-length') ?? Number.POSITIVE_INFINITY);
    const compressible =
      isCompressible(contentType) &&
      length >= MIN_COMPRESS_BYTES &&
      status !== 204 &&
      status !== 304 &&
      !res.hasHeader('content-encoding');
    // Compressed or not, this body depends on the request's Accept-Encoding: caches must know.
    if (compressible) res.setHeader('Vary', 'Accept-Encoding');
    if (encoding && compressible) {
      compressor =
        encoding === 'br'
          ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : createGzip({ level: 6 });
      compressor.on('data', (chunk: Buffer) => write(chunk));
      compressor.on('end', () => end());
      compressor.on('error', () => res.destroy());
      res.removeHeader('content-length');
      res.setHeader('Content-Encoding', encoding);
    }
    const message = rest.find((arg): arg is string => typeof arg === 'string');
    return message === undefined ? writeHead(status) : writeHead(status, message);
  }) as ServerResponse['writeHead'];

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    const callback = rest.find((arg): arg is () => void => typeof arg === 'function');
    if (!compressor) return write(chunk, callback);
    return compressor.write(chunk, callback);
  }) as Write;

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    const callback = [chunk, ...rest].find((arg): arg is () => void => typeof arg === 'function');
    const data = typeof chunk === 'function' ? undefined : chunk;
    if (!compressor) return end(data, callback);
    if (callback) res.once('finish', callback);
    if (data !== undefined && data !== null) compressor.write(data);
    compressor.end();
    return res;
  }) as End;
}

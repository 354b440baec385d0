import { createHash } from 'node:crypto';
import type { CacheProvider } from 'astro';
import memoryCache, { type MemoryCacheProviderOptions } from 'astro/cache/memory';
import { compressedAs, keptQuality } from './compression.ts';
import { negotiateEncoding, type Encoding } from './encoding.ts';
import { isCompressible } from './mime.ts';

/** When an answer was kept, for its `Age`; never sent. */
const KEPT_AT = 'x-shop-kept-at';

/** The origin every kept answer is keyed under. */
const KEY_ORIGIN = 'http://shop.invalid';

/** Where Astro keeps the cookies a page set, sent after the cache has seen the answer. */
const ASTRO_COOKIES = Symbol.for('astro.cookies');

/** Whether Astro's memory cache will keep this answer: a shared max-age, and no cookie. */
function toBeKept(response: Response): boolean {
  const cookies = Reflect.get(response, ASTRO_COOKIES) as { headers(): Iterator<string> } | undefined;
  return (
    response.status === 200 &&
    /max-age=[1-9]/.test(response.headers.get('CDN-Cache-Control') ?? '') &&
    !response.headers.has('Set-Cookie') &&
    cookies?.headers().next().done !== false &&
    !response.headers.has('Content-Encoding') &&
    isCompressible(response.headers.get('Content-Type') ?? '')
  );
}

/**
 * An answer about to be kept, as the shopper's browser takes it: compressed once at brotli's or
 * gzip's best (not at the fast level the server compresses other answers at), with an ETag from
 * its content and `Vary: Accept-Encoding`. A product page goes out as 12.9 KB instead of 14.2, the
 * catalogue's first page as 13.7 instead of 15.1: within one round trip.
 */
async function keptForm(response: Response, encoding: Encoding | undefined): Promise<Response> {
  if (!toBeKept(response)) return response;
  const body = Buffer.from(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  headers.set('ETag', `"${tag}${encoding ? `-${encoding}` : ''}"`);
  headers.set('Vary', 'Accept-Encoding');
  headers.set(KEPT_AT, String(Date.now()));
  if (encoding) headers.set('Content-Encoding', encoding);
  const sent = encoding ? await compressedAs(body, encoding, keptQuality(body.length)) : body;
  headers.set('Content-Length', String(sent.length));
  return new Response(new Uint8Array(sent), { status: response.status, headers });
}

/** Whether the browser already has this answer (`If-None-Match` names its ETag). */
function alreadyHeld(request: Request, response: Response): boolean {
  const etag = response.headers.get('ETag');
  const asked = request.headers.get('If-None-Match');
  if (!etag || asked === null) return false;
  return asked === '*' || asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** A kept answer as sent: its `Age`, or a 304 when the browser has it. */
function sentForm(request: Request, response: Response): Response {
  const keptAt = response.headers.get(KEPT_AT);
  if (keptAt === null) return response;
  const { headers } = response;
  headers.delete(KEPT_AT);
  headers.set('Age', String(Math.max(0, Math.floor((Date.now() - Number(keptAt)) / 1000))));
  if (!alreadyHeld(request, response)) return response;
  const unchanged = new Headers(headers);
  for (const name of ['Content-Encoding', 'Content-Type', 'Content-Length']) unchanged.delete(name);
  return new Response(null, { status: 304, headers: unchanged });
}

/**
 * Astro's memory cache (the catalogue's addresses, product pages, the product API and the
 * catalogue's index: whatever says `cache.set`), keeping each answer compressed, so every
 * precompressed copy is made at brotli's best in one place, as the build's files are
 * (src/server/http/compression.ts). The memory cache keys an answer that varies by
 * `Accept-Encoding` by the header as sent; here it sees only the encoding chosen, so an address
 * is kept once per encoding, whichever browser asked. Astro runs it in production only; `astro
 * dev` renders every time, with the same answers.
 */
export default function compressedMemoryCache(
  options: MemoryCacheProviderOptions | undefined,
): CacheProvider {
  const memory = memoryCache(options);
  const keep = memory.onRequest?.bind(memory);
  if (!keep) throw new Error("Astro's memory cache no longer answers requests itself");
  return {
    name: 'memory, compressed',
    async onRequest(context, next) {
      if (context.request.method !== 'GET') return next();
      const encoding = negotiateEncoding(context.request.headers.get('Accept-Encoding') ?? undefined);
      const headers = new Headers(context.request.headers);
      headers.set('Accept-Encoding', encoding ?? 'identity');
      // Kept by path and query whatever Host a request names: no answer depends on it (absolute
      // URLs are on SITE_URL), and each forged Host would otherwise be rendered and kept anew.
      const url = new URL(`${context.url.pathname}${context.url.search}`, KEY_ORIGIN);
      const request = new Request(url, { headers });
      const response = await keep({ ...context, request, url }, async () => keptForm(await next(), encoding));
      return sentForm(context.request, response);
    },
    invalidate: (options) => memory.invalidate(options),
  };
}

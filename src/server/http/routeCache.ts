import type { CacheProvider } from 'astro';
import memoryCache, { type MemoryCacheProviderOptions } from 'astro/cache/memory';
import { compressedAs, keptQuality } from './compression.ts';
import { negotiateEncoding, type Encoding } from './encoding.ts';
import { isCompressible } from './mime.ts';
import { contentTag, namesETag } from './static.ts';

/**
 * The tag of an answer kept by its content: `cache.set({ etag, tags: [KEPT_BY_CONTENT] })`. It is
 * made on every request (cheaply: the endpoint keeps its body until what it shows changes), and
 * its compressed copy is kept until its ETag changes.
 */
export const KEPT_BY_CONTENT = 'kept-by-content';

/** Addresses kept by content at most (each once per encoding): the endpoints that say so are few. */
const MOST_KEPT_BY_CONTENT = 50;

/** When an answer was kept, for its `Age`; never sent. */
const KEPT_AT = 'x-shop-kept-at';

/** The origin every kept answer is keyed under. */
const KEY_ORIGIN = 'http://shop.invalid';

/** Where Astro keeps the cookies a page set, sent after the cache has seen the answer. */
const ASTRO_COOKIES = Symbol.for('astro.cookies');

/** How an answer is kept: for a time (Astro's memory cache), by its content, or not at all. */
function keptHow(response: Response): 'for a time' | 'by content' | undefined {
  const cookies = Reflect.get(response, ASTRO_COOKIES) as { headers(): Iterator<string> } | undefined;
  const keepable =
    response.status === 200 &&
    !response.headers.has('Set-Cookie') &&
    cookies?.headers().next().done !== false &&
    !response.headers.has('Content-Encoding') &&
    isCompressible(response.headers.get('Content-Type') ?? '');
  if (!keepable) return undefined;
  if (/max-age=[1-9]/.test(response.headers.get('CDN-Cache-Control') ?? '')) return 'for a time';
  const tags = (response.headers.get('Cache-Tag') ?? '').split(',').map((tag) => tag.trim());
  if (tags.includes(KEPT_BY_CONTENT) && response.headers.has('ETag')) return 'by content';
  return undefined;
}

/** `body`'s headers as kept: its ETag for `encoding`, `Vary`, its length and when it was kept. */
function keptHeaders(
  response: Response,
  etag: string,
  encoding: Encoding | undefined,
  bytes: Buffer,
  keptAt: number,
): Headers {
  const headers = new Headers(response.headers);
  headers.set('ETag', `"${etag}${encoding ? `-${encoding}` : ''}"`);
  headers.set('Vary', 'Accept-Encoding');
  headers.set(KEPT_AT, String(keptAt));
  if (encoding) headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(bytes.length));
  return headers;
}

const compressedFor = (body: Buffer, encoding: Encoding | undefined): Promise<Buffer> =>
  encoding ? compressedAs(body, encoding, keptQuality(body.length)) : Promise.resolve(body);

/**
 * An answer kept for a time, as the shopper's browser takes it: compressed once at brotli's or
 * gzip's best (not at the fast level the server compresses other answers at), with an ETag from
 * its content. A product page goes out as 12.9 KB instead of 14.2, the catalogue's first page as
 * 13.7 instead of 15.1: within one round trip.
 */
async function keptForATime(response: Response, encoding: Encoding | undefined): Promise<Response> {
  const body = Buffer.from(await response.arrayBuffer());
  const etag = contentTag(body);
  const bytes = await compressedFor(body, encoding);
  const headers = keptHeaders(response, etag, encoding, bytes, Date.now());
  return new Response(new Uint8Array(bytes), { status: response.status, headers });
}

interface KeptCopy {
  /** The endpoint's ETag, unquoted. */
  etag: string;
  keptAt: number;
  bytes: Promise<Buffer>;
}

/**
 * Compressed copies of the answers kept by content, by address and encoding; a copy is made once
 * per ETag, and requests that arrive while it is made share it.
 */
function copiesByContent() {
  const copies = new Map<string, KeptCopy>();
  return async (key: string, response: Response, encoding: Encoding | undefined): Promise<Response> => {
    const etag = (response.headers.get('ETag') ?? '').replace(/^"|"$/g, '');
    let copy = copies.get(key);
    if (copy?.etag === etag) await response.body?.cancel();
    else {
      const made: KeptCopy = {
        etag,
        keptAt: Date.now(),
        bytes: response.arrayBuffer().then((body) => compressedFor(Buffer.from(body), encoding)),
      };
      copy = made;
      copies.delete(key);
      const oldest = copies.keys().next().value;
      if (copies.size >= MOST_KEPT_BY_CONTENT && oldest !== undefined) copies.delete(oldest);
      copies.set(key, made);
      made.bytes.catch(() => {
        if (copies.get(key) === made) copies.delete(key);
      });
    }
    const bytes = await copy.bytes;
    const headers = keptHeaders(response, copy.etag, encoding, bytes, copy.keptAt);
    return new Response(new Uint8Array(bytes), { status: response.status, headers });
  };
}

/** Whether the browser already has this answer (`If-None-Match` names its ETag). */
function alreadyHeld(request: Request, response: Response): boolean {
  const etag = response.headers.get('ETag');
  const asked = request.headers.get('If-None-Match');
  return etag !== null && asked !== null && namesETag(asked, etag);
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
 * Astro's route cache, keeping every answer it keeps compressed, so each precompressed copy is
 * made at brotli's best in one place, as the build's files are (src/server/http/compression.ts).
 * An answer is kept one of two ways:
 * - **for a time**, by Astro's memory cache: what says `cache.set({ maxAge })` (the catalogue's
 *   addresses, product pages), rendered once until its max-age runs out;
 * - **by content**: what says `cache.set({ etag, tags: [KEPT_BY_CONTENT] })` (the product API and
 *   the catalogue's index, whose availability follows every count at once) is asked for every
 *   time, and its compressed copy is made once per ETag.
 *
 * The memory cache keys an answer that varies by `Accept-Encoding` by the header as sent; here it
 * sees only the encoding chosen, so an address is kept once per encoding, whichever browser
 * asked. Astro runs it in production only; `astro dev` renders every time, with the same answers.
 */
export default function compressedMemoryCache(
  options: MemoryCacheProviderOptions | undefined,
): CacheProvider {
  const memory = memoryCache(options);
  const keep = memory.onRequest?.bind(memory);
  if (!keep) throw new Error("Astro's memory cache no longer answers requests itself");
  const byContent = copiesByContent();
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
      const response = await keep({ ...context, request, url }, async () => {
        const rendered = await next();
        const how = keptHow(rendered);
        if (how === 'for a time') return keptForATime(rendered, encoding);
        // By address alone: the endpoints kept by content read no query, so none makes another copy.
        if (how === 'by content') return byContent(`${url.pathname} ${encoding}`, rendered, encoding);
        return rendered;
      });
      return sentForm(context.request, response);
    },
    invalidate: (options) => memory.invalidate(options),
  };
}

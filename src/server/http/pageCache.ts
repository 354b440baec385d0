import type { IncomingMessage, ServerResponse } from 'node:http';
import { CATALOGUE_PARAMS } from '#src/lib/catalogueParams.ts';
import { isCompressible } from './mime.ts';
import { fileInMemory, sendStaticFile, type StaticFile } from './static.ts';

/**
 * Pages kept at most: as many as Astro's own cache keeps (astro.config.mjs). A catalogue page is
 * about 185 KB in its three forms (plain, brotli, gzip): some 37 MB at most.
 */
const MAX_PAGES = 200;

/** A larger answer is sent, not kept. */
const MAX_PAGE_BYTES = 1024 * 1024;

interface KeptPage {
  file: StaticFile;
  /** The page's own Content-Security-Policy (its scripts' hashes). */
  policy: string;
  storedAt: number;
  expiresAt: number;
}

/** What Astro's route cache keys a page by: its path and the parameters a catalogue query reads. */
function keyOf(url: string | undefined): string {
  const { pathname, searchParams } = new URL(url ?? '/', 'http://localhost');
  const read = new URLSearchParams([...searchParams].filter(([name]) => CATALOGUE_PARAMS.includes(name)));
  read.sort();
  return `${pathname}?${read}`;
}

/** Seconds a `Cache-Control` lets a shared cache keep an answer, or 0. */
function sharedMaxAge(cacheControl: string): number {
  if (!/(^|,)\s*public\s*(,|$)/i.test(cacheControl) || /private|no-store|no-cache/i.test(cacheControl))
    return 0;
  return Number(/(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl)?.[1] ?? 0);
}

/** A page Astro's route cache has just rendered and stored. */
const justStoredByAstro = (res: ServerResponse) =>
  String(res.getHeader('x-astro-cache') ?? '').toUpperCase() === 'MISS';

/**
 * Pages Astro renders on request and keeps in its route cache (the catalogue's addresses), kept
 * here too, compressed once at brotli's and gzip's best, instead of compressed again at a fast
 * level for every request (src/server/http/dynamic.ts): the catalogue's 150 KB page goes out as
 * 15.5 KB instead of 18.8 KB, served like a built file, with an ETag. Only an answer Astro has
 * just rendered and stored (`X-Astro-Cache: MISS`) is kept, for its `max-age`, so a copy here
 * never outlives Astro's own by more than the time to compress it; an answer with a cookie, or
 * that Astro does not cache (the rating order, read anew each time), never is.
 */
export class CompressedPages {
  readonly #pages = new Map<string, KeptPage>();
  readonly #compressing = new Set<string>();
  readonly #now: () => number;
  readonly #compress: typeof fileInMemory;

  /** `now` and `compress` are the clock and the compressor, given others by tests. */
  constructor({ now = Date.now, compress = fileInMemory } = {}) {
    this.#now = now;
    this.#compress = compress;
  }

  /** Answers a GET or HEAD from a fresh copy kept of its page; false when there is none. */
  async send(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const key = keyOf(req.url);
    const page = this.#pages.get(key);
    if (!page) return false;
    const now = this.#now();
    if (now >= page.expiresAt) {
      this.#pages.delete(key);
      return false;
    }
    res.setHeader('Content-Security-Policy', page.policy);
    res.setHeader('Age', Math.floor((now - page.storedAt) / 1000));
    await sendStaticFile(page.file, req, res);
    return true;
  }

  /**
   * Watches what Astro writes to a GET's response, and keeps the page when it is one to keep.
   * Call it after the response's compression is in place, so it sees the page as written.
   */
  watch(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET') return;
    const key = keyOf(req.url);
    const chunks: Buffer[] = [];
    let size = 0;
    // Decided at the first write, when the headers are known: only a page Astro has just stored is
    // copied, not every answer rendered on request (the API's among them).
    let copying: boolean | undefined;
    const take = (chunk: unknown, encoding?: unknown) => {
      copying ??= justStoredByAstro(res);
      if (
        !copying ||
        size > MAX_PAGE_BYTES ||
        chunk === undefined ||
        chunk === null ||
        typeof chunk === 'function'
      )
        return;
      const bytes =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      size += bytes.length;
      chunks.push(bytes);
    };
    // Node's overloads: (chunk, encoding?, callback?) for both; `end` may have no chunk.
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((...args: unknown[]) => {
      take(args[0], args[1]);
      return write(...args);
    }) as ServerResponse['write'];
    res.end = ((...args: unknown[]) => {
      take(args[0], args[1]);
      this.#keep(key, res, chunks, size);
      return end(...args);
    }) as ServerResponse['end'];
  }

  #keep(key: string, res: ServerResponse, chunks: Buffer[], size: number): void {
    const contentType = String(res.getHeader('content-type') ?? '');
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    const maxAge = sharedMaxAge(cacheControl);
    const keep =
      res.statusCode === 200 &&
      justStoredByAstro(res) &&
      !res.hasHeader('set-cookie') &&
      maxAge > 0 &&
      size <= MAX_PAGE_BYTES &&
      isCompressible(contentType) &&
      !this.#compressing.has(key);
    if (!keep) return;
    const storedAt = this.#now();
    const policy = String(res.getHeader('content-security-policy') ?? '');
    this.#compressing.add(key);
    this.#compress(Buffer.concat(chunks), { contentType, cacheControl })
      .then((file) => {
        this.#pages.delete(key);
        if (this.#pages.size >= MAX_PAGES) {
          const oldest = this.#pages.keys().next().value;
          if (oldest !== undefined) this.#pages.delete(oldest);
        }
        this.#pages.set(key, { file, policy, storedAt, expiresAt: storedAt + maxAge * 1000 });
      })
      .catch((error: unknown) =>
        console.error(`[server] a page could not be kept compressed: ${String(error)}`),
      )
      .finally(() => this.#compressing.delete(key));
  }
}

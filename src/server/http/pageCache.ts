import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { CATALOGUE_PARAMS } from '#src/lib/catalogueParams.ts';
import { completeHeaders, takeHeaderArguments } from './dynamic.ts';
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

/** An answer being held back, to be compressed whole and kept before it is sent. */
interface Held {
  status: number;
  message: string | undefined;
  chunks: Buffer[];
  size: number;
}

/** One chunk of a `write` or `end` call, as bytes (none for a callback or nothing). */
function bytesOf(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return undefined;
  return typeof chunk === 'string'
    ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
    : Buffer.from(chunk as Uint8Array);
}

/**
 * Pages Astro renders on request and keeps in its route cache (the catalogue's addresses, product
 * pages), kept here too, compressed once at brotli's and gzip's best, instead of compressed again
 * at a fast level for every request (src/server/http/dynamic.ts): a product page goes out as
 * 12.9 KB instead of 14.2 KB, the catalogue's first page as 13.7 KB instead of 15.1 KB, served like
 * a built file, with an ETag. The first answer is sent from the copy too, once compressed (some
 * 50 ms off the main thread for a product page, 80 ms for the catalogue's), so even the first
 * shopper's page fits a new connection's first flight. Only an answer Astro has just rendered and
 * stored (`X-Astro-Cache: MISS`) is kept, for its `max-age`, so a copy here never outlives Astro's
 * own by more than the time to compress it; an answer with a cookie, or that Astro does not cache
 * (the rating order, read anew each time), never is.
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
   * Watches a GET's response as Astro writes it: a page to keep is held back whole, kept
   * compressed, and sent from the copy; any other answer passes as written. Call it after the
   * response's compression is in place; `pagePolicy` completes its headers as that does.
   */
  watch(req: IncomingMessage, res: ServerResponse, pagePolicy: string): void {
    if (req.method !== 'GET') return;
    const key = keyOf(req.url);
    // Node's overloads: (status, message?, headers?); (chunk, encoding?, callback?); `end` may have no chunk.
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    const restore = () => {
      res.writeHead = writeHead;
      res.write = write as ServerResponse['write'];
      res.end = end as ServerResponse['end'];
    };
    let held: Held | undefined;
    // Whether the headers have been looked at; a write without `writeHead` first looks at them.
    let decided = false;
    /** Sends what was held as it was written, and lets the rest pass. */
    const release = () => {
      restore();
      if (!held) return;
      const { status, message, chunks } = held;
      held = undefined;
      writeHead(...(message === undefined ? [status] : [status, message]));
      for (const chunk of chunks) write(chunk);
    };

    res.writeHead = ((status: number, ...rest: (string | OutgoingHttpHeaders | undefined)[]) => {
      decided = true;
      const message = takeHeaderArguments(res, rest);
      completeHeaders(res, pagePolicy);
      if (!this.#isToKeep(key, res, status)) {
        restore();
        return message === undefined ? writeHead(status) : writeHead(status, message);
      }
      held = { status, message, chunks: [], size: 0 };
      return res;
    }) as ServerResponse['writeHead'];
    res.write = ((...args: unknown[]) => {
      if (!decided) res.writeHead(res.statusCode);
      if (!held) return write(...args);
      const bytes = bytesOf(args[0], args[1]);
      if (bytes) {
        held.chunks.push(bytes);
        held.size += bytes.length;
      }
      if (held.size > MAX_PAGE_BYTES) release();
      const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      if (callback) queueMicrotask(callback);
      return true;
    }) as ServerResponse['write'];
    res.end = ((...args: unknown[]) => {
      if (!decided) res.writeHead(res.statusCode);
      if (!held) {
        restore();
        return end(...args);
      }
      const bytes = bytesOf(args[0], args[1]);
      if (bytes) held.chunks.push(bytes);
      const { chunks } = held;
      held = undefined;
      restore();
      const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      void this.#keepAndSend(key, req, res, Buffer.concat(chunks)).finally(callback);
      return res;
    }) as ServerResponse['end'];
  }

  /** Whether the answer whose headers are being written is a page to keep. */
  #isToKeep(key: string, res: ServerResponse, status: number): boolean {
    return (
      status === 200 &&
      justStoredByAstro(res) &&
      !res.hasHeader('set-cookie') &&
      sharedMaxAge(String(res.getHeader('cache-control') ?? '')) > 0 &&
      isCompressible(String(res.getHeader('content-type') ?? '')) &&
      !this.#compressing.has(key)
    );
  }

  /** Compresses a page whole, keeps it, and answers from the copy (as written, if that fails). */
  async #keepAndSend(key: string, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const contentType = String(res.getHeader('content-type'));
    const cacheControl = String(res.getHeader('cache-control'));
    const policy = String(res.getHeader('content-security-policy'));
    this.#compressing.add(key);
    try {
      const file = await this.#compress(body, { contentType, cacheControl });
      const storedAt = this.#now();
      this.#pages.delete(key);
      if (this.#pages.size >= MAX_PAGES) {
        const oldest = this.#pages.keys().next().value;
        if (oldest !== undefined) this.#pages.delete(oldest);
      }
      this.#pages.set(key, {
        file,
        policy,
        storedAt,
        expiresAt: storedAt + sharedMaxAge(cacheControl) * 1000,
      });
      if (!res.destroyed) await sendStaticFile(file, req, res);
    } catch (error) {
      console.error(`[server] a page could not be kept compressed: ${String(error)}`);
      if (!res.headersSent && !res.destroyed) res.end(body);
    } finally {
      this.#compressing.delete(key);
    }
  }
}

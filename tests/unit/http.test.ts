import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogueIndex, loadDrawingTable } from '#src/server/http/build.ts';
import { finishDynamicResponse } from '#src/server/http/dynamic.ts';
import { negotiateEncoding } from '#src/server/http/encoding.ts';
import { loadPagePolicies, NON_PAGE_POLICY } from '#src/server/http/headers.ts';
import compressedMemoryCache, { KEPT_BY_CONTENT } from '#src/server/http/routeCache.ts';
import { CATALOGUE_PARAMS } from '#src/lib/catalogueParams.ts';
import {
  findStaticFile,
  indexStaticFiles,
  sendStaticFile,
  type StaticFile,
} from '#src/server/http/static.ts';

type Reply = { status: number; headers: IncomingMessage['headers']; body: Buffer };

/** A throwaway server around `handler`, and a GET helper that keeps the body as bytes. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    fetch: (path: string, headers: Record<string, string> = {}, method = 'GET') =>
      new Promise<Reply>((resolve, reject) => {
        get(`http://127.0.0.1:${port}${path}`, { headers, method }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        }).on('error', reject);
      }),
  };
}

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('picks %s as %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe("pages' policies", () => {
  it("answers each page's own, and for other HTML unites the sources of each directive and keeps the rest", async () => {
    const headersFile = join(mkdtempSync(join(tmpdir(), 'shop-headers-')), '_headers.json');
    const policy = (value: string) => [{ key: 'Content-Security-Policy', value }];
    writeFileSync(
      headersFile,
      JSON.stringify([
        { pathname: '/about/', headers: policy("default-src 'self'; script-src 'self' 'sha256-a'") },
        {
          pathname: '/cart',
          headers: policy("default-src 'self';script-src 'self' 'sha256-b'; style-src 'self'"),
        },
      ]),
    );
    const policies = await loadPagePolicies(headersFile);
    expect(policies.forPath('/about')).toBe("default-src 'self'; script-src 'self' 'sha256-a'");
    expect(policies.fallback).toBe(
      "default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b'; style-src 'self'",
    );
  });
});

describe('static files', () => {
  const root = mkdtempSync(join(tmpdir(), 'shop-static-'));
  const page = '<!doctype html><title>Shop</title>' + '<p>saffron</p>'.repeat(200);
  let files: Map<string, StaticFile>;
  let client: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    mkdirSync(join(root, 'about'), { recursive: true });
    mkdirSync(join(root, '_astro'));
    mkdirSync(join(root, 'api'));
    mkdirSync(join(root, '.secret'));
    writeFileSync(join(root, 'index.html'), page);
    writeFileSync(join(root, 'index.html.br'), brotliCompressSync(page));
    writeFileSync(join(root, 'index.html.gz'), gzipSync(page));
    writeFileSync(join(root, 'about/index.html'), '<p>about</p>');
    writeFileSync(join(root, '_astro/app.1234.js'), 'console.log(1)');
    writeFileSync(join(root, 'api/product'), '{"success":true}');
    writeFileSync(join(root, 'clip.mp4'), Buffer.alloc(1000, 7));
    writeFileSync(join(root, '.secret/key'), 'no');
    files = await indexStaticFiles(root);
    client = await serve((req, res) => {
      const file = findStaticFile(files, new URL(req.url ?? '/', 'http://x').pathname);
      if (file) void sendStaticFile(file, req, res);
      else res.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('finds pages with and without their trailing slash, and nothing hidden', () => {
    expect(findStaticFile(files, '/')).toBeDefined();
    expect(findStaticFile(files, '/about')).toBe(findStaticFile(files, '/about/'));
    expect(findStaticFile(files, '/about/index.html')).toBe(findStaticFile(files, '/about'));
    expect(findStaticFile(files, '/.secret/key')).toBeUndefined();
    expect(findStaticFile(files, '/index.html.br')).toBeUndefined();
    expect(findStaticFile(files, '/../etc/passwd')).toBeUndefined();
  });

  it('sends the brotli copy to a client that takes it, and the plain file otherwise', async () => {
    const br = await client.fetch('/', { 'Accept-Encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    const plain = await client.fetch('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    expect(plain.headers['etag']).not.toBe(br.headers['etag']);
  });

  it('answers 304 to a client holding the same version', async () => {
    const first = await client.fetch('/about');
    expect((await client.fetch('/about', { 'If-None-Match': first.headers['etag'] ?? '' })).status).toBe(304);
    const since = { 'If-Modified-Since': first.headers['last-modified'] ?? '' };
    expect((await client.fetch('/about', since)).status).toBe(304);
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    expect((await client.fetch('/_astro/app.1234.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await client.fetch('/clip.mp4')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('types a prerendered JSON endpoint without extension as JSON', async () => {
    expect((await client.fetch('/api/product')).headers['content-type']).toBe(
      'application/json; charset=utf-8',
    );
  });

  it('sends byte ranges of uncompressed files, and 416 for a range past the end', async () => {
    const part = await client.fetch('/clip.mp4', { Range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(part.body.length).toBe(10);
    expect((await client.fetch('/clip.mp4', { Range: 'bytes=-5' })).body.length).toBe(5);
    expect((await client.fetch('/clip.mp4', { Range: 'bytes=2000-' })).status).toBe(416);
  });

  it('answers HEAD with the headers only', async () => {
    const head = await client.fetch('/', {}, 'HEAD');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(page)));
    expect(head.body.length).toBe(0);
  });
});

describe('finishDynamicResponse', () => {
  const big = JSON.stringify({ success: true, products: Array.from({ length: 100 }, (_, i) => ({ id: i })) });
  let client: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    client = await serve((req, res) => {
      finishDynamicResponse(req, res, "script-src 'sha256-page'");
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/big.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(big.slice(0, 100));
        res.end(big.slice(100));
      } else if (url.pathname === '/small.json') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '2' });
        res.end('{}');
      } else if (url.pathname === '/varies-by-origin') {
        res.writeHead(200, { 'content-type': 'application/json', vary: 'Origin' });
        res.end(big);
      } else if (url.pathname === '/own-policy') {
        res.writeHead(200, {
          'content-type': 'text/html',
          'content-security-policy': "script-src 'sha256-own'",
        });
        res.end('<p>page</p>');
      } else {
        res.statusCode = 500;
        res.setHeader('content-type', 'text/html');
        res.end('<p>error page</p>'.repeat(100));
      }
    });
  });
  afterAll(() => client.close());

  it('compresses a large text answer for a client that accepts it', async () => {
    const reply = await client.fetch('/big.json', { 'Accept-Encoding': 'br' });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(reply.body).toString()).toBe(big);
    const gzip = await client.fetch('/big.json', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect((await client.fetch('/big.json')).body.toString()).toBe(big);
  });

  it('leaves small answers and HEAD requests alone', async () => {
    const small = await client.fetch('/small.json', { 'Accept-Encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{}');
    const head = await client.fetch('/big.json', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('says Vary: Accept-Encoding on every answer it could compress, compressed or not', async () => {
    const compressed = await client.fetch('/big.json', { 'Accept-Encoding': 'br' });
    const plain = await client.fetch('/big.json', { 'Accept-Encoding': 'identity' });
    const head = await client.fetch('/big.json', {}, 'HEAD');
    for (const reply of [compressed, plain, head]) expect(reply.headers.vary).toBe('Accept-Encoding');
    const ownVary = await client.fetch('/varies-by-origin');
    expect(ownVary.headers.vary).toBe('Origin, Accept-Encoding');
  });

  it('gives HTML without a policy the pages’ policy, anything else the closed one, and keeps an own policy', async () => {
    const error = await client.fetch('/error', { 'Accept-Encoding': 'gzip' });
    expect(error.status).toBe(500);
    expect(error.headers['content-security-policy']).toBe("script-src 'sha256-page'");
    expect(error.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(error.headers['content-encoding']).toBe('gzip');
    expect((await client.fetch('/small.json')).headers['content-security-policy']).toBe(NON_PAGE_POLICY);
    expect((await client.fetch('/own-policy')).headers['content-security-policy']).toBe(
      "script-src 'sha256-own'",
    );
  });
});

describe("Astro's route cache, kept compressed", () => {
  const spices = ['saffron', 'cumin', 'sumac', 'cardamom', 'fennel', 'nigella', 'ajwain'];
  const page =
    '<!doctype html><title>Catalogue</title>' +
    Array.from(
      { length: 400 },
      (_, i) => `<li id="p${(i * 7919) % 9973}">${spices[i % 7]} ${i % 13} g</li>`,
    ).join('');
  const cache = compressedMemoryCache({ max: 200, query: { include: [...CATALOGUE_PARAMS] } });
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
  /** What was rendered: each render says how long it may be kept, as `Astro.cache.set` has Astro do. */
  const rendered: string[] = [];

  /** Asks for `path` through the cache, Astro rendering `page` when it must. */
  async function ask(path: string, headers: Record<string, string> = {}, method = 'GET') {
    const request = new Request(new URL(path, 'http://shop.test'), { headers, method });
    const url = new URL(request.url);
    const response = await cache.onRequest?.({ request, url, logger }, () => {
      rendered.push(url.pathname + url.search);
      const answer = new Headers({
        'Content-Type': 'text/html',
        'Cache-Control': 'public, max-age=300',
        'Content-Security-Policy': "script-src 'sha256-catalogue'",
      });
      const version = url.searchParams.get('version');
      if (version !== null) {
        // Kept by content, as an answer showing availability says: its ETag names what it shows.
        answer.set('ETag', `"v${version}"`);
        answer.set('Cache-Tag', KEPT_BY_CONTENT);
      } else if (!url.searchParams.has('uncached')) answer.set('CDN-Cache-Control', 'max-age=300');
      if (url.searchParams.has('cookie')) answer.set('Set-Cookie', 'session=abc');
      const status = Number(url.searchParams.get('status') ?? 200);
      return Promise.resolve(new Response(page + (version ?? ''), { status, headers: answer }));
    });
    if (!response) throw new Error('the cache gave no answer');
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  afterAll(() => vi.useRealTimers());

  it("answers from a copy compressed at brotli's best, the first time too, with an ETag and an age", async () => {
    const renders = rendered.length;
    const first = await ask('/products?q=cumin', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    // Tracking parameters and the Host a request names share the copy.
    const again = await ask('http://evil.example/products?q=cumin&utm_source=mail', {
      'Accept-Encoding': 'br',
    });
    expect(rendered.length).toBe(renders + 1);
    const fast = brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    for (const { response, bytes } of [first, again]) {
      expect(brotliDecompressSync(bytes).toString()).toBe(page);
      expect(bytes.length).toBeLessThan(fast.length);
      expect(response.headers.get('Content-Encoding')).toBe('br');
      expect(response.headers.get('Content-Length')).toBe(String(bytes.length));
      expect(response.headers.get('Vary')).toBe('Accept-Encoding');
      expect(response.headers.get('ETag')).toBe(first.response.headers.get('ETag'));
      expect(response.headers.get('Content-Security-Policy')).toBe("script-src 'sha256-catalogue'");
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=300');
      expect(response.headers.get('Age')).toBe('0');
    }
    const gzip = await ask('/products?q=cumin', { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(gzip.bytes).toString()).toBe(page);
    const plain = await ask('/products?q=cumin');
    expect(plain.bytes.toString()).toBe(page);
    expect(plain.response.headers.get('Content-Encoding')).toBeNull();
    expect(rendered.length).toBe(renders + 3);
    const unchanged = await ask('/products?q=cumin', {
      'Accept-Encoding': 'br',
      'If-None-Match': first.response.headers.get('ETag') ?? '',
    });
    expect(unchanged.response.status).toBe(304);
    expect(unchanged.bytes.length).toBe(0);
    expect(unchanged.response.headers.get('ETag')).toBe(first.response.headers.get('ETag'));
    // Another search is a page of its own.
    await ask('/products?q=sumac');
    expect(rendered.length).toBe(renders + 4);
  });

  it('renders again once the max-age has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await ask('/products?category=Herbs');
    vi.advanceTimersByTime(299_000);
    expect((await ask('/products?category=Herbs')).response.headers.get('Age')).toBe('299');
    const renders = rendered.length;
    vi.advanceTimersByTime(2_000);
    // Past its max-age without a stale-while-revalidate, a kept answer is made again.
    expect((await ask('/products?category=Herbs')).response.headers.get('Age')).toBe('0');
    expect(rendered.length).toBe(renders + 1);
    vi.useRealTimers();
  });

  it.each([
    ['with a cookie', 'cookie=1'],
    ['that does not say cache.set', 'uncached=1'],
    ['that is not a 200', 'status=404'],
  ])('sends an answer %s as it was rendered', async (name, parameters) => {
    const path = `/never/${name.replaceAll(' ', '-')}?${parameters}`;
    const { response, bytes } = await ask(path, { 'Accept-Encoding': 'br' });
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('ETag')).toBeNull();
    expect(bytes.toString()).toBe(page);
  });

  it('keeps an answer by its content: asked for each time, compressed once per ETag', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const renders = rendered.length;
    const first = await ask('/stock-answer?version=1', { 'Accept-Encoding': 'br' });
    expect(brotliDecompressSync(first.bytes).toString()).toBe(`${page}1`);
    expect(first.response.headers.get('ETag')).toBe('"v1-br"');
    expect(first.response.headers.get('Content-Length')).toBe(String(first.bytes.length));
    vi.advanceTimersByTime(5_000);
    // Asked again, the same content: the copy made 5 s ago goes out.
    const again = await ask('/stock-answer?version=1', { 'Accept-Encoding': 'br' });
    expect(again.response.headers.get('Age')).toBe('5');
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const unchanged = await ask('/stock-answer?version=1', {
      'Accept-Encoding': 'br',
      'If-None-Match': '"v1-br"',
    });
    expect(unchanged.response.status).toBe(304);
    // What it shows has changed: a new copy, at once.
    const changed = await ask('/stock-answer?version=2', {
      'Accept-Encoding': 'br',
      'If-None-Match': '"v1-br"',
    });
    expect(changed.response.status).toBe(200);
    expect(changed.response.headers.get('Age')).toBe('0');
    expect(brotliDecompressSync(changed.bytes).toString()).toBe(`${page}2`);
    const plain = await ask('/stock-answer?version=2');
    expect(plain.bytes.toString()).toBe(`${page}2`);
    expect(plain.response.headers.get('ETag')).toBe('"v2"');
    expect(rendered.length).toBe(renders + 5);
    vi.useRealTimers();
  });

  it('renders a HEAD or any other method each time', async () => {
    const renders = rendered.length;
    await ask('/products?q=fennel', {}, 'HEAD');
    await ask('/products?q=fennel', {}, 'HEAD');
    expect(rendered.length).toBe(renders + 2);
  });
});

describe("what the build wrote for the server's pages", () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-built-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const table = {
    pictures: { './images/a/a-1.jpg': { view: { src: '/_astro/a.webp' }, thumb: { src: '/_astro/t.webp' } } },
    covers: { './images/a/a-1.jpg': { share: '/_astro/a.jpg' } },
  };

  it('reads the product pictures table, and says so when it is missing, malformed or not a table', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await loadDrawingTable(file('good.json', JSON.stringify(table)))).toEqual(table);
      expect(errors).not.toHaveBeenCalled();
      for (const path of [
        join(dir, 'missing.json'),
        file('malformed.json', '{"pictures": {'),
        file('list.json', '[]'),
        file('no-covers.json', JSON.stringify({ pictures: {} })),
        file('wrong-pictures.json', JSON.stringify({ pictures: [], covers: {} })),
      ]) {
        expect(await loadDrawingTable(path), path).toBeUndefined();
        expect(errors).toHaveBeenLastCalledWith(
          `[server] ${path} is missing or unreadable: product pages draw their pictures on request.`,
        );
      }
    } finally {
      errors.mockRestore();
    }
  });

  it('reads the catalogue index, and says so when it is not one', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const path = file('index.json', JSON.stringify({ success: false, products: [] }));
      expect(await loadCatalogueIndex(path)).toBeUndefined();
      expect(errors).toHaveBeenLastCalledWith(
        `[server] ${path} is missing or unreadable: the catalogue's pages read it at each request.`,
      );
    } finally {
      errors.mockRestore();
    }
  });
});

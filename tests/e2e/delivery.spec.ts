// How the built server delivers: compression, caching, security headers, CORS, HTTPS. These are
// HTTP checks on the shared test server (and one HTTPS server of their own): no browser page.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { send, type SentAnswer } from '../support/http.ts';
import { startServer } from '../support/server.ts';
import { latestCode, startSmsProvider } from '../support/smsProvider.ts';
import { expect, test } from './fixtures.ts';

let base = '';
test.beforeAll(({ baseURL }) => {
  base = baseURL ?? '';
});

const get = (path: string, headers: Record<string, string> = {}) =>
  send(base + path, { method: 'GET', headers });

async function assetsOfHome(): Promise<{ js: string; css: string }> {
  const html = (await get('/')).text;
  const js = /(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
  const css = /href="(\/_astro\/[^"]+\.css)"/.exec(html)?.[1];
  expect(js, 'a hashed script on the home page').toBeTruthy();
  expect(css, 'a hashed stylesheet on the home page').toBeTruthy();
  return { js: js ?? '', css: css ?? '' };
}

test('sends HTML as brotli, gzip or plain as the client asks, with its charset, revalidated', async () => {
  const plain = await get('/', { 'Accept-Encoding': 'identity' });
  const br = await get('/', { 'Accept-Encoding': 'gzip, deflate, br' });
  const gzip = await get('/', { 'Accept-Encoding': 'gzip' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(br.headers['content-encoding']).toBe('br');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
  expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
  expect(br.bytes.length).toBeLessThan(plain.bytes.length);
  for (const reply of [plain, br, gzip]) {
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(reply.headers['vary']).toBe('Accept-Encoding');
  }
  const again = await get('/', { 'Accept-Encoding': 'br', 'If-None-Match': br.headers['etag'] ?? '' });
  expect(again.status).toBe(304);
  expect(again.bytes.length).toBe(0);
});

test('caches hashed scripts and stylesheets for a year as immutable, compressed, with their charset', async () => {
  const { js, css } = await assetsOfHome();
  for (const [path, type] of [
    [js, 'text/javascript; charset=utf-8'],
    [css, 'text/css; charset=utf-8'],
  ] as const) {
    const reply = await get(path, { 'Accept-Encoding': 'br' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(type);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['content-encoding']).toBe('br');
  }
});

test('sends the security headers on pages, assets, API answers and the 404 page', async () => {
  const { js } = await assetsOfHome();
  const replies = {
    home: await get('/'),
    contact: await get('/contact'),
    script: await get(js),
    api: await send(base + '/api/v1/contact/create', {
      headers: { 'Content-Type': 'application/json' },
      body: ['{}'],
    }),
    missing: await get('/no-such-page'),
  };
  for (const [name, reply] of Object.entries(replies)) {
    const headers = reply.headers;
    expect(headers['x-content-type-options'], name).toBe('nosniff');
    expect(headers['x-frame-options'], name).toBe('DENY');
    expect(headers['referrer-policy'], name).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], name).toContain('camera=()');
    expect(headers['content-security-policy'], name).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], name).not.toContain('unsafe-eval');
    expect(headers['strict-transport-security'], `${name} over plain HTTP`).toBeUndefined();
  }
  for (const page of [replies.home, replies.contact, replies.missing]) {
    const scriptSrc = /script-src ([^;]+)/.exec(String(page.headers['content-security-policy']))?.[1] ?? '';
    expect(scriptSrc).toMatch(/'sha256-[\w+/=]+'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
  }
  expect(replies.missing.status).toBe(404);
  expect(replies.missing.headers['content-type']).toBe('text/html; charset=utf-8');
});

test('behind a trusted HTTPS proxy adds Strict-Transport-Security and a Secure __Host- session cookie, not for a client that says so', async () => {
  // A request that came through a proxy never signs in with the demo code: these shops text theirs.
  const provider = await startSmsProvider();
  const signIn = async (url: string, headers: Record<string, string>) => {
    const json = { ...headers, 'Content-Type': 'application/json' };
    const phone = '4155550177';
    expect(
      (await send(`${url}/api/v1/auth/code`, { headers: json, body: [JSON.stringify({ phone })] })).status,
    ).toBe(200);
    const checked = await send(`${url}/api/v1/auth/session`, {
      headers: json,
      body: [JSON.stringify({ phone, code: latestCode(provider, '+14155550177') })],
    });
    expect(checked.status).toBe(200);
    return String(checked.headers['set-cookie']);
  };
  const claimed = { 'X-Forwarded-Proto': 'https' };
  expect((await get('/', claimed)).headers['strict-transport-security']).toBeUndefined();
  const dir = mkdtempSync(join(tmpdir(), 'shop-proxied-'));
  const untrusting = await startServer({ DATA_DIR: join(dir, 'untrusting'), ...provider.env });
  const server = await startServer({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1', ...provider.env });
  try {
    const unbelieved = await signIn(untrusting.url, claimed);
    expect(unbelieved).toMatch(/^session=/);
    expect(unbelieved).not.toContain('Secure');

    const reply = await send(`${server.url}/`, { method: 'GET', headers: claimed });
    expect(reply.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    const cookie = await signIn(server.url, claimed);
    expect(cookie).toMatch(/^__Host-session=[\w-]{20,};/);
    expect(cookie).toContain('; Secure');
    const session = /^[^;]+/.exec(cookie)?.[0] ?? '';
    const account = (headers: Record<string, string>) =>
      send(`${server.url}/api/v1/account`, { method: 'GET', headers: { ...headers, Cookie: session } });
    expect((await account(claimed)).status).toBe(200);
    // The same cookie over plain HTTP is not the secure one the browser would send.
    expect((await account({})).status).toBe(401);
  } finally {
    await Promise.all([server.stop(), untrusting.stop(), provider.close()]);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('serves HTTPS itself with a certificate, and sends Strict-Transport-Security', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-tls-'));
  const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  await promisify(execFile)('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
    ...['-keyout', key, '-out', cert],
  ]);
  const server = await startServer({ DATA_DIR: dir, SERVER_CERT_PATH: cert, SERVER_KEY_PATH: key });
  try {
    const { request } = await import('node:https');
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) =>
      request(`https://127.0.0.1:${server.port}/`, { rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(res.headers);
      })
        .on('error', reject)
        .end(),
    );
    expect(server.output()).toContain(`listening on https://127.0.0.1:${server.port}`);
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('lets pages of other sites read the product API', async () => {
  const reply = await get('/api/v1/product', { Origin: 'https://elsewhere.example' });
  expect(reply.headers['access-control-allow-origin']).toBe('*');
  const preflight = await send(base + '/api/v1/product', {
    method: 'OPTIONS',
    headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
});

test('does not let other sites read the contact API', async () => {
  const reply = await send(base + '/api/v1/contact/create', {
    headers: { 'Content-Type': 'application/json', Origin: 'https://elsewhere.example' },
    body: ['{}'],
  });
  expect(reply.status).toBe(403);
  expect(reply.headers['access-control-allow-origin']).toBeUndefined();
});

test('answers 400 to an address that is not valid percent-encoding', async () => {
  expect((await get('/%E0%A4%A')).status).toBe(400);
});

test('TRACE and other methods no route takes get a 405 with Allow, in JSON on the API, and log no stack', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-methods-'));
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    for (const path of ['/', '/about', '/products/kashmiri-saffron', '/no-such-page']) {
      for (const method of ['TRACE', 'POST', 'PUT', 'DELETE']) {
        const reply = await send(server.url + path, { method, headers: { Origin: server.url } });
        expect(reply.status, `${method} ${path}`).toBe(405);
        expect(reply.headers['allow']).toBe('GET, HEAD');
        expect(reply.text).not.toMatch(/<html/i);
      }
    }
    for (const path of ['/api/v1/contact/create', '/api/v1/orders', '/api/v1/product']) {
      const reply = await send(server.url + path, { method: 'TRACE' });
      expect(reply.status, path).toBe(405);
      expect(reply.headers['allow']).toBe('GET, HEAD, POST, OPTIONS');
      expect(JSON.parse(reply.text)).toEqual({ success: false, message: 'TRACE is not supported here.' });
    }
    // The product list is only read; an address no route answers is not a page.
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const reply = await send(`${server.url}/api/v1/product`, { method, headers: { Origin: server.url } });
      expect([method, reply.status, reply.headers['allow']]).toEqual([method, 405, 'GET, HEAD']);
      expect(JSON.parse(reply.text)).toEqual({
        success: false,
        message: 'This address only answers GET requests.',
      });
    }
    for (const method of ['GET', 'POST']) {
      const reply = await send(`${server.url}/api/v1/no-such-thing`, {
        method,
        headers: { Origin: server.url },
      });
      expect([method, reply.status, reply.headers['content-type']]).toEqual([
        method,
        404,
        'application/json; charset=utf-8',
      ]);
      expect(JSON.parse(reply.text)).toEqual({ success: false, message: 'There is no API at this address.' });
    }
    expect(server.output()).not.toMatch(/\n\s+at /);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('every API address that answers GET answers HEAD the same, without a body', async () => {
  for (const path of [
    '/api/v1/product',
    '/api/v1/stock',
    '/api/v1/reviews/summary',
    '/api/v1/reviews/kashmiri-saffron',
    '/api/v1/product/today?ids=kashmiri-saffron',
    '/api/v1/orders',
    '/api/v1/orders/ORD-000000000000',
    '/api/v1/account',
    '/api/v1/account/reviews/kashmiri-saffron',
    '/api/v1/stock/alerts',
  ]) {
    const read = await get(path, { 'Accept-Encoding': 'identity' });
    const head = await send(base + path, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } });
    expect([path, head.status, head.headers['content-type']]).toEqual([
      path,
      read.status,
      read.headers['content-type'],
    ]);
    expect(read.status, path).not.toBe(405);
    expect(head.bytes.length, path).toBe(0);
  }
});

test('an answer whose body depends on Accept-Encoding says so, compressed or not', async () => {
  for (const path of ['/no-such-page', '/products?q=cumin']) {
    const plain = await get(path);
    expect(plain.headers['content-encoding'], path).toBeUndefined();
    expect(plain.headers['vary'], path).toMatch(/Accept-Encoding/i);
    const compressed = await get(path, { 'Accept-Encoding': 'br' });
    expect(compressed.headers['content-encoding'], path).toBe('br');
    expect(compressed.headers['vary'], path).toMatch(/Accept-Encoding/i);
  }
  for (const path of ['/', '/api/v1/product']) {
    expect((await get(path)).headers['vary'], path).toMatch(/Accept-Encoding/i);
  }
});

test("answers the catalogue again from one copy compressed at brotli's best, with an ETag", async () => {
  const path = '/products?category=Seeds&sort=name';
  const plain = await get(path, { 'Accept-Encoding': 'identity' });
  expect(plain.status).toBe(200);
  // Rendered (or taken from Astro's cache) and compressed as it went; kept compressed once sent.
  let kept: SentAnswer = plain;
  await expect
    .poll(async () => {
      kept = await get(`${path}&utm_source=newsletter`, { 'Accept-Encoding': 'br' });
      return kept.headers['etag'];
    })
    .toBeDefined();
  expect(kept.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(kept.bytes).equals(plain.bytes)).toBe(true);
  // Smaller than the fast level it is compressed at as it is rendered.
  const fast = brotliCompressSync(plain.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
  expect(kept.bytes.length).toBeLessThan(fast.length);
  expect(kept.headers['cache-control']).toBe('public, max-age=300');
  expect(kept.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  expect(Number(kept.headers['age'])).toBeGreaterThanOrEqual(0);
  const unchanged = await get(path, { 'Accept-Encoding': 'br', 'If-None-Match': kept.headers['etag'] ?? '' });
  expect(unchanged.status).toBe(304);
  const gzip = await get(path, { 'Accept-Encoding': 'gzip' });
  expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
});

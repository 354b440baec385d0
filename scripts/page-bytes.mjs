// @ts-check
// What a page costs on load, measured in the browser: every script and stylesheet it fetches
// until the network is idle (no scrolling, no input), plus inline scripts and styles, each
// compressed here with node:zlib so the figures do not depend on how the server compresses.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** @typedef {{ raw: number, gzip: number, brotli: number }} Sizes */
/** @typedef {Sizes & { url: string }} FileSizes */
/**
 * @typedef {object} PageBytes
 * @property {number} status  the document's HTTP status
 * @property {Sizes} html
 * @property {number} htmlSent  the HTML's body as this server sent it (its own compression:
 *   brotli 11 for pages precompressed at their best, less for product pages and pages rendered
 *   per request), for comparison with the fixed figures above
 * @property {Sizes & { files: FileSizes[] }} js
 * @property {Sizes & { files: FileSizes[] }} css
 * @property {{ bytes: number, files: string[], preloaded: number }} fonts  font files fetched (as
 *   sent: WOFF2 is compressed already), and how many the page preloads
 * @property {{ brotli: number, blocking: string[] }} firstResponse  what the first screen waits
 *   for: the HTML and the stylesheets the browser marked render-blocking, brotli, each file
 *   compressed on its own as it is sent
 * @property {boolean} react  a script holding React was loaded
 * @property {number} islands  Astro islands on the page, hydrated or not
 */

/** Brotli at its highest quality, as a build would precompress: fixed so figures are stable. */
export const BROTLI_QUALITY = 11;

/**
 * Sizes already measured in this process, by content: pages share most of their files (React, the
 * layout's scripts), and compressing them again for each page was most of this module's time (in
 * the byte-budget tests, 18 of 20 s of CPU).
 * @type {Map<string, Sizes>}
 */
const measured = new Map();

/**
 * @param {Buffer | string} body
 * @returns {Sizes}
 */
export function sizesOf(body) {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const key = createHash('sha256').update(bytes).digest('base64');
  let sizes = measured.get(key);
  if (!sizes) {
    sizes = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
      }).length,
    };
    measured.set(key, sizes);
  }
  return sizes;
}

/** @param {FileSizes[]} files */
function total(files) {
  return {
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    brotli: files.reduce((sum, f) => sum + f.brotli, 0),
    files,
  };
}

// React 19's element tag: present in every bundle that carries React itself.
const REACT_MARK = 'react.transitional.element';

/**
 * Opens `url` in `page` and measures what it loads before anyone acts.
 * @param {import('@playwright/test').Page} page
 * @param {string} url
 * @returns {Promise<PageBytes>}
 */
export async function measurePageBytes(page, url) {
  /** @type {Promise<FileSizes & { type: string, react: boolean } | undefined>[]} */
  const pending = [];
  /** @type {Promise<{ url: string, bytes: number }>[]} */
  const fonts = [];
  /** @param {import('@playwright/test').Response} response */
  const onResponse = (response) => {
    const type = response.request().resourceType();
    if (type === 'font') {
      // Chromium keeps no font body for the DevTools protocol, and a cached one has no size:
      // the file is fetched again to be weighed. A kept-alive connection the server closes as the
      // request goes out is reset (once in a full test run): a browser sends such a GET again, and
      // so does this.
      const get = () => page.request.get(response.url());
      fonts.push(
        get()
          .catch(get)
          .then(async (again) => ({
            url: new URL(response.url()).pathname,
            bytes: (await again.body()).length,
          })),
      );
      return;
    }
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: new URL(response.url()).pathname,
          type,
          react: body.includes(REACT_MARK),
          ...sizesOf(body),
        }))
        .catch(() => undefined),
    );
  };
  page.on('response', onResponse);
  let answer;
  try {
    answer = await page.goto(url, { waitUntil: 'networkidle' });
  } catch (error) {
    // A font being weighed must not outlive a failed visit and fail later on its own (the server
    // may be gone by then).
    await Promise.allSettled(fonts);
    throw error;
  } finally {
    page.off('response', onResponse);
  }
  if (!answer) throw new Error(`${url}: no response`);
  const loaded = (await Promise.all(pending)).filter((f) => f !== undefined);
  const inline = await page.evaluate(() => ({
    scripts: [...document.querySelectorAll('script:not([src])')]
      .filter((s) => !/json/.test(s.getAttribute('type') ?? ''))
      .map((s) => s.textContent ?? ''),
    styles: [...document.querySelectorAll('style')].map((s) => s.textContent ?? ''),
    islands: document.querySelectorAll('astro-island').length,
    preloadedFonts: document.querySelectorAll('link[rel="preload"][as="font"]').length,
    // Chromium marks each request that held back the first paint.
    blocking: performance
      .getEntriesByType('resource')
      .filter(
        (entry) =>
          /** @type {PerformanceResourceTiming & { renderBlockingStatus?: string }} */ (entry)
            .renderBlockingStatus === 'blocking',
      )
      .map((entry) => new URL(entry.name).pathname),
  }));
  const fontFiles = await Promise.all(fonts);
  /** @param {string[]} bodies @param {string} what */
  const inlineFiles = (bodies, what) =>
    bodies
      .filter((b) => b.trim() !== '')
      .map((b, i) => ({ url: `(inline ${what} ${i + 1})`, ...sizesOf(b) }));
  const html = sizesOf(await answer.body());
  const { responseBodySize: htmlSent } = await answer.request().sizes();
  const stylesheets = loaded.filter((f) => f.type === 'stylesheet');
  const blockingCss = stylesheets.filter((f) => inline.blocking.includes(f.url));
  return {
    status: answer.status(),
    html,
    htmlSent,
    js: total([
      ...loaded
        .filter((f) => f.type === 'script')
        .map(({ url, raw, gzip, brotli }) => ({ url, raw, gzip, brotli })),
      ...inlineFiles(inline.scripts, 'script'),
    ]),
    css: total([
      ...stylesheets.map(({ url, raw, gzip, brotli }) => ({ url, raw, gzip, brotli })),
      ...inlineFiles(inline.styles, 'style'),
    ]),
    firstResponse: {
      brotli: html.brotli + blockingCss.reduce((sum, f) => sum + f.brotli, 0),
      blocking: blockingCss.map((f) => f.url),
    },
    fonts: {
      bytes: fontFiles.reduce((sum, f) => sum + f.bytes, 0),
      files: fontFiles.map((f) => f.url),
      preloaded: inline.preloadedFonts,
    },
    react: loaded.some((f) => f.react),
    islands: inline.islands,
  };
}

/**
 * Asks for a page until the server answers it as it does every shopper after the first: a page
 * rendered on request and kept for a while (`public, max-age`) is kept compressed by Astro's route
 * cache (src/server/http/routeCache.ts), which its ETag shows.
 * @param {string} url
 */
export async function askedBefore(url) {
  for (let tries = 0; tries < 50; tries += 1) {
    const response = await fetch(url, { headers: { 'Accept-Encoding': 'br' } });
    await response.arrayBuffer();
    const shared = /public.*max-age=[1-9]/.test(response.headers.get('cache-control') ?? '');
    if (!shared || response.headers.has('etag')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

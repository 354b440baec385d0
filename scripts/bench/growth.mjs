// @ts-check
// How the shop grows with its catalogue: a temporary copy of the project (never committed) with N
// generated products, built and served, then measured.
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measurePageBytes, sizesOf } from '../page-bytes.mjs';
import { PAGE_TYPES, catalogueSample, resolvePath, seedSignedIn, signInShopper } from '../shop-pages.mjs';
import { median } from './lighthouse.mjs';
import { ROOT, copyProject, run, startShop } from './processes.mjs';

const PRODUCTS = 'src/content/products';
/** Front-matter flags that put a product on the home page or a list: only the originals keep them. */
const LIST_FLAGS = /^(featured|newArrival|bestSeller|offer):.*\n/gm;
/** GNU time, which reports the peak memory of the command it runs (not installed everywhere). */
const GNU_TIME = '/usr/bin/time';

/**
 * @typedef {object} Growth
 * @property {number} products
 * @property {number} buildSeconds
 * @property {number | null} buildPeakMB  the build process's peak resident memory (max RSS);
 *   null without GNU time
 * @property {import('../page-bytes.mjs').Sizes} catalogueHtml  /products HTML
 * @property {import('../page-bytes.mjs').Sizes} api  GET /api/v1/product body
 * @property {number} apiMs  median answer time of the product API
 * @property {{ firstMs: number, firstWorstMs: number, keptMs: number }} productPage  a product
 *   page's whole answer (brotli), median of products spread over the catalogue: asked for the
 *   first time (rendered and compressed), and again (the copy kept); worst of the first
 * @property {(number | null)[]} keystrokeMs  per keystroke, the median time from the input to
 *   the next paint; null when the list did not change
 * @property {(number | null)[]} keystrokeSettledMs  per keystroke, the median time until the
 *   list stopped changing (its first screen is drawn first, the rest after)
 * @property {Record<string, { html: number, js: number, css: number }>} pageBrotli  per page
 *   type (signed in where the bench's shopper is), what it loads before anyone acts, brotli: what
 *   must not grow with the catalogue
 */

/**
 * Fills `dir`'s products folder with `count` products: the catalogue's own first, then numbered
 * copies of them ("Cumin Seeds No. 31") that appear in no list.
 * @param {string} dir
 * @param {number} count
 */
function generateProducts(dir, count) {
  const folder = join(dir, PRODUCTS);
  const originals = readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .sort();
  if (originals.length === 0) throw new Error(`${PRODUCTS} has no products to grow from`);
  originals.slice(count).forEach((name) => rmSync(join(folder, name)));
  for (let n = originals.length; n < count; n += 1) {
    const name = /** @type {string} */ (originals[n % originals.length]);
    const text = readFileSync(join(folder, name), 'utf8')
      .replace(/^title: (["']?)(.*)\1$/m, `title: $1$2 No. ${n + 1}$1`)
      .replace(LIST_FLAGS, '');
    writeFileSync(join(folder, name.replace(/\.md$/, `-no-${n + 1}.md`)), text);
  }
}

/**
 * A temporary copy of the project with `count` products, built, with the build's peak memory in
 * MB (null without GNU time). Also used by the browser tests of a catalogue larger than one page.
 * @param {number} count
 * @returns {Promise<{ dir: string, remove: () => Promise<void>, peakMB: number | null }>}
 */
export async function buildWithProducts(count) {
  const copy = copyProject(`shop-growth-${count}-`);
  try {
    generateProducts(copy.dir, count);
    const build = [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'];
    const memoryFile = join(copy.dir, 'build-peak-rss');
    const timed = existsSync(GNU_TIME);
    // GNU time's %M is the maximum resident set size of the build, in KB.
    const [command, args] = timed
      ? [GNU_TIME, ['-f', '%M', '-o', memoryFile, process.execPath, ...build]]
      : [process.execPath, build];
    await run(`astro build with ${count} products`, command, args, {
      cwd: copy.dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    const peakMB = timed ? Number(readFileSync(memoryFile, 'utf8').trim()) / 1024 : null;
    return { ...copy, peakMB };
  } catch (error) {
    await copy.remove();
    throw error;
  }
}

/**
 * Builds a copy of the project with `count` products and measures it.
 * @param {number} count
 * @param {import('@playwright/test').Browser} browser
 * @param {Record<string, string>} env  for the server
 * @returns {Promise<Growth>}
 */
export async function measureGrowth(count, browser, env) {
  const started = performance.now();
  const copy = await buildWithProducts(count);
  try {
    // Copying the project takes about a second of this; the rest is the build.
    const buildSeconds = (performance.now() - started) / 1000;
    const shop = await startShop(copy.dir, env);
    try {
      const html = await (await fetch(`${shop.base}/products`)).text();
      const apiTimes = [];
      let api = '';
      for (let i = 0; i < 5; i += 1) {
        const t0 = performance.now();
        api = await (await fetch(`${shop.base}/api/v1/product`)).text();
        apiTimes.push(performance.now() - t0);
      }
      return {
        products: count,
        buildSeconds,
        buildPeakMB: copy.peakMB,
        catalogueHtml: sizesOf(html),
        api: sizesOf(api),
        apiMs: median(apiTimes),
        productPage: await measureProductPages(shop.base, api),
        ...(await measureSearch(browser, `${shop.base}/products`)),
        pageBrotli: await measurePages(browser, shop.base),
      };
    } finally {
      await shop.stop();
    }
  } finally {
    await copy.remove();
  }
}

/** How many product pages, spread over the catalogue, the growth section asks for. */
const PRODUCT_PAGES_ASKED = 12;

/**
 * A product page's whole answer, as a browser asks for it (brotli): first for products spread
 * over the catalogue, rendered and compressed on the request, then again, from the copy kept.
 * @param {string} base
 * @param {string} api  the product API's answer, naming the products
 * @returns {Promise<Growth['productPage']>}
 */
async function measureProductPages(base, api) {
  const ids = /** @type {{ products: { _id: string }[] }} */ (JSON.parse(api)).products.map((p) => p._id);
  const step = Math.max(1, Math.floor(ids.length / PRODUCT_PAGES_ASKED));
  // Not the first product: the server renders its page before it takes connections (warmUp.ts).
  const asked = ids.filter((_, index) => index % step === step - 1).slice(0, PRODUCT_PAGES_ASKED);
  const timed = async (/** @type {string} */ id) => {
    const began = performance.now();
    const answer = await fetch(`${base}/products/${id}`, { headers: { 'accept-encoding': 'br' } });
    if (!answer.ok) throw new Error(`GET /products/${id} answered ${answer.status}`);
    await answer.arrayBuffer();
    return performance.now() - began;
  };
  const first = [];
  for (const id of asked) first.push(await timed(id));
  const kept = [];
  for (const id of asked) kept.push(await timed(id));
  return { firstMs: median(first), firstWorstMs: Math.max(...first), keptMs: median(kept) };
}

/**
 * What each page type loads before anyone acts, brotli: HTML, scripts and stylesheets. The
 * account's pages are seen by a shopper signed in with a cart, a wishlist and an order, as the
 * Lighthouse runs see them: the cart and wishlist pages once carried the whole catalogue.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} base
 */
async function measurePages(browser, base) {
  const products = await catalogueSample(base);
  const shopper = await signInShopper(base, products, '+1 415 555 0102');
  const ids = { product: products[0]?.id ?? '', order: shopper.orderId };
  /** @type {Growth['pageBrotli']} */
  const sizes = {};
  for (const type of PAGE_TYPES) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      if (type.signedIn) await seedSignedIn(context, page, base, shopper);
      const bytes = await measurePageBytes(page, base + resolvePath(type.path, ids));
      sizes[type.name] = { html: bytes.html.brotli, js: bytes.js.brotli, css: bytes.css.brotli };
    } finally {
      await context.close();
    }
  }
  return sizes;
}

const SEARCH = 'Search products...';
/** Typed then erased: each step is one keystroke; the last one brings back the whole list. */
const KEYSTROKES = ['s', 'sa', 'saf', 'saff', 'saf', 'sa', 's', ''];
const TRIALS = 3;

/**
 * Per keystroke in the catalogue's search box, as a shopper sees it: time from an `input` event
 * like a key press makes to the next paint (a task queued from the next animation frame runs
 * after it), and until the list stopped changing (a MutationObserver on the page, the box itself
 * ignored, that forces layout at each change). Measured with performance.now in the browser;
 * median of a few trials per keystroke.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @returns {Promise<Pick<Growth, 'keystrokeMs' | 'keystrokeSettledMs'>>}
 */
async function measureSearch(browser, url) {
  const page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    const box = page.getByPlaceholder(SEARCH);
    await box.waitFor({ timeout: 15_000 });
    // The catalogue hydrates on the shopper's first act: focusing the box is one.
    await box.focus();
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'), null, { timeout: 15_000 });
    await page.getByText('Loading products...').waitFor({ state: 'hidden', timeout: 30_000 });
    /** @type {({ paint: number, settled: number } | null)[][]} */
    const trials = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      trials.push(await page.evaluate(typeKeystrokes, { placeholder: SEARCH, keystrokes: KEYSTROKES }));
    }
    /** @param {'paint' | 'settled'} measure */
    const medians = (measure) =>
      KEYSTROKES.map((_, i) => {
        const times = trials.flatMap((t) => (t[i] ? [t[i][measure]] : []));
        return times.length > 0 ? median(times) : null;
      });
    return { keystrokeMs: medians('paint'), keystrokeSettledMs: medians('settled') };
  } finally {
    await page.close();
  }
}

/**
 * Runs in the page: for each value, one input event, then waits for the DOM to settle.
 * @param {{ placeholder: string, keystrokes: string[] }} options
 */
async function typeKeystrokes({ placeholder, keystrokes }) {
  const input = /** @type {HTMLInputElement} */ (
    document.querySelector(`input[placeholder="${placeholder}"]`)
  );
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  if (!input || !setValue) throw new Error('no search box');
  input.focus();
  /** @type {({ paint: number, settled: number } | null)[]} */
  const times = [];
  for (const value of keystrokes) {
    times.push(
      await new Promise((resolve) => {
        /** @type {number | null} */
        let last = null;
        /** @type {number | null} */
        let painted = null;
        /** @type {ReturnType<typeof setTimeout> | undefined} */
        let quiet;
        const finish = () => {
          observer.disconnect();
          resolve(
            last === null || painted === null ? null : { paint: painted - start, settled: last - start },
          );
        };
        const observer = new MutationObserver((records) => {
          if (records.every((r) => r.target === input)) return;
          // Style and layout of the changed list are part of the update: force them now.
          void document.body.offsetHeight;
          last = performance.now();
          clearTimeout(quiet);
          quiet = setTimeout(finish, 100);
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        quiet = setTimeout(finish, 2000);
        const start = performance.now();
        setValue.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        requestAnimationFrame(() => setTimeout(() => (painted = performance.now())));
      }),
    );
  }
  return times;
}

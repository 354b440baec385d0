// @ts-check
// `npm run bench`: builds the shop, serves a copy of the build (with the harness floor page, see
// bench/floor.mjs) on a free port with a throwaway data directory, and measures bytes per page,
// Lighthouse, server throughput and time to first byte (against nginx when installed) and growth
// with the catalogue. Prints one Markdown report, opening with the shop beside the floor, and writes it to
// bench/results/latest.md and latest.json. Options:
//   --runs N          Lighthouse runs per route and state (default 5; the median is reported)
//   --pages a,b       Lighthouse only on these page groups or paths (e.g. catalogue,/cart)
//   --save-reports    also keep Lighthouse's whole reports in bench/results/lighthouse/
//   --throttling T    simulate (default: Lighthouse's estimate, as the targets are set) or devtools
//                     (the load itself slowed in the browser, as a shopper on that phone sees it)
//   --sizes 24,240    catalogue sizes for the growth section (default 24,240,2400,20000)
//   --only a,b        sections: bytes, lighthouse, throughput, scale, payments, admin, growth
//                     (default all)
//   --no-build        measure the existing dist/ instead of building first
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './browser.mjs';
import { askedBefore, measurePageBytes } from './page-bytes.mjs';
import {
  PAGE_TYPES,
  ROUTES,
  catalogueSample,
  resolvePath,
  routeStates,
  seedSignedIn,
  signInShopper,
} from './shop-pages.mjs';
import { FLOOR_PATH, writeFloorPage } from './bench/floor.mjs';
import { measureGrowth } from './bench/growth.mjs';
import { medianRun, startLighthouse } from './bench/lighthouse.mjs';
import { ROOT, copyProject, onStop, run, startShop, stopAll } from './bench/processes.mjs';
import { FLOOR_REQUEST, renderReport } from './bench/report.mjs';
import { measureAdmin } from './bench/admin.mjs';
import { measurePayments } from './bench/payments.mjs';
import { measureLockWait, measureProxiedOrders } from './bench/scale.mjs';
import { NGINX, best, firstByte, load, loadSignIns, startNginx } from './bench/throughput.mjs';

const SECTIONS = ['bytes', 'lighthouse', 'throughput', 'scale', 'payments', 'admin', 'growth'];
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: '' },
    'save-reports': { type: 'boolean', default: false },
    throttling: { type: 'string', default: 'simulate' },
    sizes: { type: 'string', default: '24,240,2400,20000' },
    only: { type: 'string', default: SECTIONS.join(',') },
    'no-build': { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
const sizes = options.sizes.split(',').map(Number);
const only = new Set(options.only.split(','));
const pagesWanted = new Set(options.pages.split(',').filter(Boolean));
if (!Number.isInteger(runs) || runs < 1) fail('--runs takes a whole number of at least 1.');
if (sizes.some((n) => !Number.isInteger(n) || n < 1)) fail('--sizes takes whole numbers, e.g. 24,240,2400.');
const throttling = options.throttling === 'devtools' ? 'devtools' : 'simulate';
if (options.throttling !== throttling) fail('--throttling takes simulate or devtools.');
for (const section of only) if (!SECTIONS.includes(section)) fail(`--only knows ${SECTIONS.join(', ')}.`);

/**
 * The server's per-client message limit and the shop's texts an hour, raised so the throughput
 * run measures the server, not the limiters.
 */
const SERVER_ENV = { RATE_LIMIT_PER_MINUTE: '100000000', AUTH_TEXTS_PER_HOUR: '100000000' };
const CONTACT_BODY = JSON.stringify({
  name: 'Bench Shopper',
  email: 'bench@example.com',
  message: 'A benchmark message: do you ship saffron to Lisbon?',
});
/** One tin of saffron: the 1 g pack is not counted, the 2 g pack is (COUNTED_PACK). */
const orderBody = (/** @type {string} */ pack, /** @type {number} */ total) =>
  JSON.stringify({
    items: [{ productId: 'kashmiri-saffron', pack, quantity: 1 }],
    address: { name: 'Bench Shopper', street: '1 Test Street', city: 'Lisbon' },
    total,
  });
const COUNTED_PACK = ['kashmiri-saffron', '2 g'];
/** A new order each request, priced and stored (and, counted, its stock taken in the same transaction). */
const order = (/** @type {string} */ name, /** @type {string} */ body, /** @type {string} */ cookie) => ({
  name,
  path: '/api/v1/orders',
  method: /** @type {const} */ ('POST'),
  body,
  // Every request a new order: a repeated key would measure the idempotent replay instead.
  freshHeaders: () => ({ 'idempotency-key': randomUUID() }),
  headers: { cookie },
  static: false,
});
/** An uncounted tin of saffron ordered with the session in `cookie` (a `Cookie` header). */
const saffronOrder = (/** @type {string} */ cookie) =>
  order('POST /api/v1/orders', orderBody('1 g', 14), cookie);
/** @param {string} cookie the seeded shopper's session, as a `Cookie` header */
const requests = (cookie) => [
  { name: FLOOR_REQUEST, path: FLOOR_PATH, static: true },
  { name: 'GET /', path: '/', static: true },
  // Rendered on demand (its searches are the same page), then answered from Astro's memory cache.
  { name: 'GET /products', path: '/products', static: false },
  { name: 'GET /api/v1/product', path: '/api/v1/product', static: false },
  // Rendered on demand too, and kept like the catalogue's addresses.
  { name: 'GET /products/{id}', path: '/products/kashmiri-saffron', static: false },
  {
    name: 'POST /api/v1/contact/create',
    path: '/api/v1/contact/create',
    method: /** @type {const} */ ('POST'),
    body: CONTACT_BODY,
    static: false,
  },
  saffronOrder(cookie),
  order('POST /api/v1/orders (stock counted)', orderBody(COUNTED_PACK[1] ?? '', 26), cookie),
  { name: 'GET /api/v1/stock', path: '/api/v1/stock', static: false },
  // A product's approved reviews and the catalogue's rating summary, as the pages read them.
  { name: 'GET /api/v1/reviews/{id}', path: '/api/v1/reviews/kashmiri-saffron', static: false },
  { name: 'GET /api/v1/reviews/summary', path: '/api/v1/reviews/summary', static: false },
  {
    name: 'GET /api/v1/orders (signed in)',
    path: '/api/v1/orders',
    headers: { cookie },
    static: false,
  },
  // Profile is static (who is signed in is asked by its island); My Orders is drawn per request
  // with the session's orders.
  { name: 'GET /profile', path: '/profile', static: true },
  { name: 'GET /my-orders (signed in)', path: '/my-orders', headers: { cookie }, static: false },
];
/**
 * Time to first byte: the account pages with the session (My Orders is drawn per request with
 * its orders, Profile is static) and a product page (rendered on request) beside static pages
 * and the floor.
 * @param {string} cookie
 */
const firstByteRequests = (cookie) => [
  { name: FLOOR_REQUEST, path: FLOOR_PATH },
  { name: 'GET /', path: '/' },
  { name: 'GET /about', path: '/about' },
  { name: 'GET /products/{id} (rendered on request, then kept)', path: '/products/kashmiri-saffron' },
  { name: 'GET /profile (signed in)', path: '/profile', headers: { cookie } },
  { name: 'GET /my-orders (signed in)', path: '/my-orders', headers: { cookie } },
];

/**
 * How long the orders' "placed" texts waited in the outbox (p50, p99, ms), once it has drained:
 * from the order's transaction to the send.
 * @param {string} dataDir
 * @returns {Promise<{ count: number, p50: number, p99: number } | undefined>}
 */
async function outboxDelay(dataDir) {
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(join(dataDir, 'shop.sqlite'), { readOnly: true });
  try {
    const pending = () =>
      Number(
        /** @type {{ n: number }} */ (
          db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE state = 'pending'").get()
        ).n,
      );
    for (let waited = 0; pending() > 0 && waited < 120; waited += 1)
      await new Promise((r) => setTimeout(r, 1000));
    const rows = /** @type {{ created: string, sent: string }[]} */ (
      db
        .prepare(
          "SELECT created_at AS created, sent_at AS sent FROM outbox WHERE kind = 'order-placed' AND state = 'sent'",
        )
        .all()
    );
    const delays = rows.map((row) => Date.parse(row.sent) - Date.parse(row.created)).sort((a, b) => a - b);
    const at = (/** @type {number} */ q) =>
      delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? 0;
    return delays.length ? { count: delays.length, p50: at(0.5), p99: at(0.99) } : undefined;
  } finally {
    db.close();
  }
}

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(1);
}

const log = (/** @type {string} */ message) => console.error(`[bench] ${message}`);

async function main() {
  const began = performance.now();
  const browserPath = findChromium();
  if (!browserPath) {
    throw new Error(
      'No Chromium found: install it with `sudo apt-get install chromium` (or run `npm run test:e2e` once as root, which installs it) and run the benchmark again.',
    );
  }
  /** @type {import('./bench/report.mjs').Results} */
  const results = {
    date: new Date().toISOString(),
    options: { runs, throttling, sizes, only: [...only] },
    notes: [],
    floor: {},
  };
  const notes = results.notes;

  if (!options['no-build']) {
    log('building the shop...');
    const t0 = performance.now();
    await run('astro build', process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: ROOT,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    results.buildSeconds = (performance.now() - t0) / 1000;
  } else if (!existsSync(join(ROOT, 'dist/server/entry.mjs'))) {
    throw new Error('--no-build needs an existing build: run `npx astro build` first.');
  }

  // A copy of the build, so the floor page is served beside the shop's without entering dist/.
  const served = copyProject('shop-bench-', ['dist']);
  const clientDir = join(served.dir, 'dist/client');
  writeFloorPage(clientDir);
  const shop = await startShop(served.dir, SERVER_ENV);
  onStop(shop.stop);
  // Enough of the counted pack for every order the throughput rounds place.
  await run(
    'npm run stock',
    process.execPath,
    [join(ROOT, 'scripts/stock.ts'), 'set', ...COUNTED_PACK, '1000000'],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: shop.dataDir, DATABASE_URL: '' },
    },
  );
  log(`serving the build at ${shop.base}`);
  const products = await catalogueSample(shop.base);
  if (products.length === 0)
    notes.push('The product API answered no products: the product page type was skipped.');
  const shopper = await signInShopper(shop.base, products, '+1 415 555 0100');
  const ids = { product: products[0]?.id ?? '', order: shopper.orderId };
  const pageTypes = PAGE_TYPES.filter((type) => products.length > 0 || !type.path.includes(':product')).map(
    (type) => ({ ...type, url: shop.base + resolvePath(type.path, ids) }),
  );

  const browser = await chromium.launch({
    args: CHROMIUM_ARGS,
    ...(browserPath.bundled ? {} : { executablePath: browserPath.path }),
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  onStop(() => browser.close());

  /** Page types whose route is not built yet (404 where a page is expected). */
  const missing = new Set();
  if (only.has('bytes') || only.has('lighthouse')) {
    /** @type {NonNullable<typeof results.bytes>} */
    const bytes = [];
    for (const type of pageTypes) {
      log(`bytes: ${type.name}`);
      await askedBefore(type.url);
      const context = await browser.newContext();
      const page = await context.newPage();
      if (type.signedIn) await seedSignedIn(context, page, shop.base, shopper);
      const measured = await measurePageBytes(page, type.url);
      await context.close();
      if (measured.status === 404 && type.name !== '404') {
        missing.add(type.name);
        notes.push(`${type.name} (${type.path}) answers 404: not built yet, skipped.`);
      } else {
        const route = ROUTES.find((r) => r.path === type.path);
        bytes.push({ page: type.name, public: !route?.signedIn, ...measured });
      }
    }
    results.bytes = bytes;
    const page = await browser.newPage();
    results.floor.bytes = await measurePageBytes(page, shop.base + FLOOR_PATH);
    await page.close();
  }

  if (only.has('lighthouse')) {
    const lighthouse = await startLighthouse(browserPath.path, throttling);
    results.browser = lighthouse.browser;
    const reports = join(ROOT, 'bench/results/lighthouse');
    if (options['save-reports']) mkdirSync(reports, { recursive: true });
    /** @type {NonNullable<typeof results.lighthouse>} */
    const scores = [];
    const routes = ROUTES.filter(
      (route) =>
        (products.length > 0 || !route.path.includes(':product')) &&
        (pagesWanted.size === 0 || pagesWanted.has(route.group) || pagesWanted.has(route.path)),
    );
    /**
     * The median of `runs` Lighthouse runs of `path`.
     * @param {string} path
     * @param {'signed out' | 'signed in'} state
     */
    const medianOfRuns = async (path, state) => {
      const done = [];
      for (let i = 0; i < runs; i += 1) {
        log(`lighthouse: ${path} (${state}) run ${i + 1}/${runs}`);
        const saveTo = options['save-reports']
          ? join(reports, `${path.replace(/\W+/g, '_')}-${state.replace(' ', '-')}-${i + 1}.json`)
          : '';
        const measure = () =>
          lighthouse.measure(shop.base + path, state === 'signed in' ? shopper : undefined, saveTo);
        // Lighthouse now and then loses a trace (NO_NAVSTART) on a busy machine: two more tries.
        done.push(await measure().catch(measure).catch(measure));
      }
      return { runs: done.length, ...medianRun(done) };
    };
    results.floor.lighthouse = await medianOfRuns(FLOOR_PATH, 'signed out');
    for (const route of routes) {
      const path = resolvePath(route.path, ids);
      for (const state of routeStates(route)) {
        const page = `${path} (${state})`;
        try {
          scores.push({ page, group: route.group, ...(await medianOfRuns(path, state)) });
        } catch (error) {
          notes.push(
            `Lighthouse could not measure ${page}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
    }
    await lighthouse.stop();
    results.lighthouse = scores;
  }

  if (only.has('throughput')) {
    /** @type {import('./bench/report.mjs').ThroughputRow[]} */
    const rows = [];
    const nginx = await startNginx(clientDir);
    if (!nginx) notes.push(`nginx is not installed (${NGINX}): no comparison with it.`);
    for (const request of requests(`${shopper.cookie.name}=${shopper.cookie.value}`)) {
      log(`throughput: ${request.name}`);
      // Two rounds, alternating servers, best of each: other work on the machine only slows a
      // round down, so the better one is nearer what the server can do.
      const ours = [];
      const theirs = [];
      for (let round = 0; round < 2; round += 1) {
        ours.push(await load(shop.base, request));
        if (request.static && nginx) theirs.push(await load(nginx.base, request));
      }
      rows.push({
        name: request.name,
        static: request.static,
        ours: best(ours),
        nginx: theirs.length ? best(theirs) : undefined,
      });
    }
    await nginx?.stop();
    log('throughput: sign-in (send + check)');
    const signIns = [await loadSignIns(shop.base), await loadSignIns(shop.base)];
    rows.push({
      name: 'sign-in: POST code + POST session',
      static: false,
      ours: best(signIns),
      nginx: undefined,
    });
    /** @type {import('./bench/report.mjs').FirstByteRow[]} */
    const firstBytes = [];
    for (const request of firstByteRequests(`${shopper.cookie.name}=${shopper.cookie.value}`)) {
      log(`time to first byte: ${request.name}`);
      firstBytes.push({ name: request.name, ...(await firstByte(shop.base, request)) });
    }
    results.throughput = { rows, firstBytes, outbox: await outboxDelay(shop.dataDir) };
  }

  if (only.has('scale')) {
    log('scale: requests while another process holds the SQLite write lock');
    const lock = await measureLockWait(
      shop.base,
      shop.dataDir,
      saffronOrder(`${shopper.cookie.name}=${shopper.cookie.value}`),
    );
    log('scale: nginx in front of two servers on PostgreSQL');
    results.scale = { lock, proxied: await measureProxiedOrders(saffronOrder, SERVER_ENV, notes) };
  }

  await shop.stop();
  await served.remove();

  if (only.has('payments')) {
    log('payments: 100 card journeys and 300 notices, on each database');
    results.payments = await measurePayments(SERVER_ENV, notes);
  }

  if (only.has('admin')) {
    log('admin: the back office at 100,000 orders, on each database');
    results.admin = await measureAdmin(browser, SERVER_ENV, notes);
  }

  if (only.has('growth')) {
    const growth = [];
    for (const count of sizes) {
      log(`growth: building and measuring with ${count} products...`);
      try {
        growth.push(await measureGrowth(count, browser, SERVER_ENV));
      } catch (error) {
        notes.push(
          `Growth with ${count} products failed: ${(error instanceof Error ? error.message : String(error)).slice(0, 800)}`,
        );
      }
    }
    results.growth = growth;
  }

  results.totalSeconds = (performance.now() - began) / 1000;
  const report = renderReport(results);
  const out = join(ROOT, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'latest.md'), report);
  writeFileSync(join(out, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(report);
  log(`written to bench/results/latest.md and latest.json in ${Math.round(results.totalSeconds)} s`);
}

try {
  await main();
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}

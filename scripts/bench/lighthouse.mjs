// @ts-check
// Lighthouse on the system Chromium: mobile, default throttling (simulated, unless DevTools
// throttling is asked for, which slows the load itself), fresh cache and storage before every
// run; signed-in pages get the seeded shopper in localStorage first, so Lighthouse is told not to
// reset storage itself.
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS } from '../browser.mjs';
import { onStop } from './processes.mjs';

const CATEGORIES = /** @type {const} */ (['performance', 'accessibility', 'best-practices', 'seo']);

/**
 * @typedef {object} LighthouseRun
 * @property {Record<typeof CATEGORIES[number], number>} scores  0-100
 * @property {number} fcp  ms
 * @property {number} lcp  ms
 * @property {number} tbt  ms
 * @property {number} cls
 * @property {number} bytes  total bytes transferred
 * @property {Record<string, string[]>} failing  per category, the audits that lost it points
 * @property {Record<string, string>} diagnosis  where the time went: LCP element and phases,
 *   render-blocking requests, fonts, main-thread tasks (see `diagnose`)
 * @property {number} benchmarkIndex  Lighthouse's own measure of the machine's CPU during the run
 *   (higher is faster): figures measured on machines far apart in it do not compare
 */

/**
 * @typedef {LighthouseRun & { each: { fcp: number[], lcp: number[] } }} MedianRun  the median of
 *   several runs, with each run's paints, fastest first: whether a miss is one run's or every run's
 */

/**
 * Opens one Chromium for all runs; returns a function measuring a URL once.
 * @param {string} chromePath
 * @param {'simulate' | 'devtools'} throttlingMethod  Lighthouse's estimate from an unthrottled
 *   load, or the load slowed in the browser (what a shopper on that phone sees, run to run noisier)
 */
export async function startLighthouse(chromePath, throttlingMethod) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...CHROMIUM_ARGS, '--headless'],
    handleSIGINT: false,
    logLevel: 'silent',
  });
  const stopChrome = onStop(() => chrome.kill());
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });

  /**
   * @param {string} url
   * @param {import('../shop-pages.mjs').SignedInShopper | undefined} shopper  signed in: its cookie and storage
   * @param {string} [saveTo]  a file to write Lighthouse's whole report to (JSON)
   * @returns {Promise<LighthouseRun>}
   */
  async function measure(url, shopper, saveTo = '') {
    const page = await browser.newPage();
    try {
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(url).origin,
        storageTypes: 'all',
      });
      if (shopper) {
        await page.setCookie({
          ...shopper.cookie,
          url: new URL(url).origin,
          httpOnly: true,
          sameSite: 'Lax',
        });
        await page.goto(new URL('/robots.txt', url).href);
        await page.evaluate((entries) => {
          for (const [key, value] of Object.entries(entries)) {
            localStorage.setItem(key, JSON.stringify(value));
          }
        }, shopper.storage);
      }
      const result = await lighthouse(
        url,
        {
          logLevel: 'error',
          output: 'json',
          disableStorageReset: true,
          throttlingMethod,
          disableFullPageScreenshot: true,
          // The 404 page answers 404 on purpose; Lighthouse refuses such pages unless told.
          ignoreStatusCode: true,
        },
        undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      if (saveTo) writeFileSync(saveTo, JSON.stringify(result.lhr));
      return summarise(result.lhr, url);
    } finally {
      await page.close();
    }
  }

  return {
    measure,
    /** The browser Lighthouse runs in, as it names itself (`Chrome/156.0.8078.108`). */
    browser: await browser.version(),
    stop: async () => {
      await browser.disconnect();
      await stopChrome();
    },
  };
}

/**
 * @param {import('lighthouse').Result} lhr
 * @param {string} url
 * @returns {LighthouseRun}
 */
function summarise(lhr, url) {
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const numeric = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  /** @type {Record<string, number>} */
  const scores = {};
  /** @type {Record<string, string[]>} */
  const failing = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = Math.round((category?.score ?? 0) * 100);
    failing[id] = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .flatMap((ref) => {
        const audit = lhr.audits[ref.id];
        return audit && audit.score !== null && audit.score < 1 ? [audit] : [];
      })
      .map((audit) => `${audit.id} (${[audit.displayValue || audit.score, ...culprits(audit)].join('; ')})`);
  }
  const shifts = lhr.audits['layout-shifts'];
  if (shifts) failing['cumulative-layout-shift'] = culprits(shifts);
  return {
    scores: /** @type {LighthouseRun['scores']} */ (scores),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
    failing,
    diagnosis: diagnose(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** @typedef {{ items?: Record<string, unknown>[], type?: string }} Details */

/**
 * Lighthouse's own breakdown of a run, in a few words each: what the largest paint was and where
 * its time went, what held the first paint, which fonts swapped, which tasks blocked the thread.
 * @param {import('lighthouse').Result} lhr
 * @returns {Record<string, string>}
 */
function diagnose(lhr) {
  const audit = (/** @type {string} */ id) => lhr.audits[id];
  /** @param {string} id */
  const items = (id) => {
    const details = /** @type {Details | undefined} */ (audit(id)?.details);
    if (details?.type === 'list') {
      return (details.items ?? []).flatMap((part) => /** @type {Details} */ (part).items ?? [part]);
    }
    return details?.items ?? [];
  };
  const ms = (/** @type {unknown} */ value) => `${Math.round(Number(value))} ms`;
  const short = (/** @type {unknown} */ url) => String(url).replace(/^https?:\/\/[^/]+/, '');
  /** @type {Record<string, string>} */
  const out = {};

  const lcpNode = items('largest-contentful-paint-element')
    .map((item) => /** @type {{ selector?: string, nodeLabel?: string } | undefined} */ (item.node))
    .find(Boolean);
  if (lcpNode) out['LCP element'] = `${lcpNode.selector ?? ''} "${(lcpNode.nodeLabel ?? '').slice(0, 60)}"`;
  const phases = items('largest-contentful-paint-element')
    .filter((item) => typeof item.phase === 'string')
    .map((item) => `${String(item.phase)} ${ms(item.timing)}`);
  if (phases.length) out['LCP phases'] = phases.join(', ');
  // What the simulated paints waited for: every request that ended before the page's own LCP.
  const observedLcp = Number(
    /** @type {{ observedLargestContentfulPaint?: number }} */ (items('metrics')[0] ?? {})
      .observedLargestContentfulPaint,
  );
  const before = items('network-requests').filter(
    (item) => Number(item.networkEndTime) <= observedLcp && item.resourceType !== 'Document',
  );
  if (before.length) {
    const bytes = before.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
    out['loaded before LCP'] = `${before.length} requests, ${Math.round(bytes / 1024)} KB (${before
      .map((item) => String(item.resourceType))
      .filter((type, index, all) => all.indexOf(type) === index)
      .join(', ')})`;
  }

  const blocking = items('render-blocking-insight').length
    ? items('render-blocking-insight')
    : items('render-blocking-resources');
  out['render-blocking'] = blocking.length
    ? blocking.map((item) => `${short(item.url)} (${ms(item.wastedMs ?? item.totalBytes ?? 0)})`).join(', ')
    : 'none';

  const fonts = items('font-display-insight');
  if (fonts.length)
    out['font swaps'] = fonts.map((item) => `${short(item.url)} ${ms(item.wastedMs)}`).join(', ');

  const tasks = items('long-tasks')
    .slice(0, 3)
    .map((item) => `${short(item.url)} ${ms(item.duration)}`);
  out['long tasks'] = tasks.length ? tasks.join(', ') : 'none';
  const bootup = items('bootup-time')
    .slice(0, 2)
    .map((item) => `${short(item.url)} ${ms(item.total)}`);
  if (bootup.length) out['script time'] = bootup.join(', ');
  return out;
}

/**
 * What an audit blames, briefly: the first items of its details (a console message, an element,
 * a link), so the report can say why without opening Lighthouse.
 * @param {import('lighthouse').Result['audits'][string]} audit
 */
function culprits(audit) {
  const details = /** @type {{ items?: Record<string, unknown>[] } | undefined} */ (audit.details);
  return (details?.items ?? []).slice(0, 3).map((item) => {
    const node = /** @type {{ selector?: string, snippet?: string } | undefined} */ (item.node);
    const source = /** @type {{ snippet?: string, url?: string } | undefined} */ (item.source);
    const text = [
      item.description,
      item.text,
      node?.selector,
      node?.snippet,
      item.issueType,
      source?.snippet,
      source?.url,
      item.url,
      item.href,
    ].find((value) => typeof value === 'string' && value !== '');
    return String(text ?? JSON.stringify(item))
      .replace(/\s+/g, ' ')
      .slice(0, 120);
  });
}

/**
 * The median run of several, metric by metric; failing audits from the median-performance run.
 * @param {LighthouseRun[]} runs
 * @returns {MedianRun}
 */
export function medianRun(runs) {
  const byPerformance = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const middle = byPerformance[Math.floor(byPerformance.length / 2)];
  if (!middle) throw new Error('medianRun needs at least one run');
  return {
    scores: {
      performance: median(runs.map((r) => r.scores.performance)),
      accessibility: median(runs.map((r) => r.scores.accessibility)),
      'best-practices': median(runs.map((r) => r.scores['best-practices'])),
      seo: median(runs.map((r) => r.scores.seo)),
    },
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    bytes: median(runs.map((r) => r.bytes)),
    failing: middle.failing,
    diagnosis: middle.diagnosis,
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
    each: {
      fcp: runs.map((r) => r.fcp).sort((a, b) => a - b),
      lcp: runs.map((r) => r.lcp).sort((a, b) => a - b),
    },
  };
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

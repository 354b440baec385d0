// @ts-check
// Lighthouse on the system Chromium: mobile, default simulated throttling, fresh cache and
// storage before every run; signed-in pages get the seeded shopper in localStorage first, so
// Lighthouse is told not to reset storage itself.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS } from '../browser.mjs';
import { onStop } from './processes.mjs';

const CATEGORIES = /** @type {const} */ (['performance', 'accessibility', 'best-practices', 'seo']);

/**
 * @typedef {object} LighthouseRun
 * @property {Record<typeof CATEGORIES[number], number>} scores  0-100
 * @property {number} lcp  ms
 * @property {number} tbt  ms
 * @property {number} cls
 * @property {number} bytes  total bytes transferred
 * @property {Record<string, string[]>} failing  per category, the audits that lost it points
 */

/**
 * Opens one Chromium for all runs; returns a function measuring a URL once.
 * @param {string} chromePath
 */
export async function startLighthouse(chromePath) {
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
   * @param {Record<string, unknown> | undefined} storage  localStorage to seed, when signed in
   * @returns {Promise<LighthouseRun>}
   */
  async function measure(url, storage) {
    const page = await browser.newPage();
    try {
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(url).origin,
        storageTypes: 'all',
      });
      if (storage) {
        await page.goto(new URL('/robots.txt', url).href);
        await page.evaluate((entries) => {
          for (const [key, value] of Object.entries(entries)) {
            localStorage.setItem(key, JSON.stringify(value));
          }
        }, storage);
      }
      const result = await lighthouse(
        url,
        {
          logLevel: 'error',
          output: 'json',
          disableStorageReset: true,
          disableFullPageScreenshot: true,
          // The 404 page answers 404 on purpose; Lighthouse refuses such pages unless told.
          ignoreStatusCode: true,
        },
        undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      return summarise(result.lhr, url);
    } finally {
      await page.close();
    }
  }

  return {
    measure,
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
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
    failing,
  };
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
 * @returns {LighthouseRun}
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
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    bytes: median(runs.map((r) => r.bytes)),
    failing: middle.failing,
  };
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

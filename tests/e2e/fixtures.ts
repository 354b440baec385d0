import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { startServer, type ShopServer } from '../support/server.ts';

let dataDirOfThisWorker: string | undefined;

/**
 * The data directory of this worker's shop server, for tests that read its database or run the
 * merchant's commands on it. Each worker is a process of its own, with a server of its own.
 */
export function workerDataDir(): string {
  if (!dataDirOfThisWorker) throw new Error("this worker's shop server has not started");
  return dataDirOfThisWorker;
}

/**
 * Puts values straight into the shop's localStorage (the keys and shapes the stores read), so a test need not
 * click through sign-in. Strings are stored as they are, anything else as JSON.
 */
export async function seedStorage(page: Page, data: Record<string, unknown>): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/robots.txt');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) {
      localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }, data);
}

/** Reads one localStorage key back as JSON (null when absent). */
export async function readStorage<T = unknown>(page: Page, key: string): Promise<T | null> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), key);
  return raw === null ? null : (JSON.parse(raw) as T);
}

/**
 * From the next navigation on, every storage write fails as a full quota does. Seed storage
 * before calling this: the seeding writes too.
 */
export async function blockStorageWrites(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
}

/**
 * Holds back every request to `url` (a glob or a pattern, as `page.route` takes) until the
 * returned function is called; then they go on to the server.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Opens a page and waits until all its islands have hydrated (Astro then drops their `ssr`
 * attribute), the toaster included: on a busy machine that can outlast an assertion's timeout.
 * A scroll stands for the shopper's first act, which the islands that wait for one need.
 */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
}

/** Waits until the page's whole stylesheet applies (the layout's script marks the root). */
const styled = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-styled', '');

/**
 * Opens a page and waits until its whole stylesheet applies (src/firstPaint/server/criticalCss.ts), for
 * tests that measure or look at more than the first screen, which alone is styled from the start.
 */
export async function openStyled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await styled(page);
}

/**
 * Scrolls `target` into view once the whole stylesheet applies: scrolled to before, it can be
 * moved out of sight as the rest of the page is styled, and a `client:visible` island there then
 * waits for a scroll that never comes.
 */
export async function scrollIntoStyledView(target: Locator): Promise<void> {
  await styled(target.page());
  await target.scrollIntoViewIfNeeded();
}

/** A toast in the page's 'Notifications' region, found by its title. */
export function toastNamed(page: Page, title: string) {
  return page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title });
}

/** The mini-cart that Add to Cart opens: checks it is open, then closes it with Escape. */
export async function closeMiniCart(page: Page): Promise<void> {
  const miniCart = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(miniCart).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(miniCart).toBeHidden();
}

/**
 * Every test fails on an uncaught error in the page, or on anything the Content-Security-Policy
 * blocked: a screen that throws, or whose script or style the policy refused, is broken even
 * when what the test looked at happens to be right. Watched on the context, not the page: a test
 * that only calls the API then opens no page at all (about half a second of a two-core machine
 * each), and every page a test opens in its context is watched.
 */
export const test = base.extend<{ pageErrors: Error[]; cspViolations: string[] }, { workerShop: ShopServer }>(
  {
    // Each worker runs its own built server on its own database, so tests in two workers never
    // see each other's orders, accounts or stock.
    workerShop: [
      async ({}, use) => {
        const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
        // Every test posts from 127.0.0.1, and most sign a new phone in: the shopper's limit and
        // the shop's texts an hour would make them flaky. The limits themselves are tested on
        // servers of their own (tests/e2e/api-*.spec.ts).
        const server = await startServer({
          DATA_DIR: dataDir,
          RATE_LIMIT_PER_MINUTE: '100000',
          AUTH_TEXTS_PER_HOUR: '100000',
        });
        dataDirOfThisWorker = dataDir;
        await use(server);
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
      { scope: 'worker', auto: true },
    ],
    baseURL: async ({ workerShop }, provide) => provide(workerShop.url),
    pageErrors: [
      async ({ context }, use) => {
        const errors: Error[] = [];
        context.on('page', (page) => page.on('pageerror', (error) => errors.push(error)));
        await use(errors);
        expect(errors, 'uncaught errors in the page').toEqual([]);
      },
      { auto: true },
    ],
    cspViolations: [
      async ({ context }, use) => {
        const violations: string[] = [];
        context.on('console', (message) => {
          if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
            violations.push(message.text());
          }
        });
        await use(violations);
        expect(violations, 'requests and scripts the Content-Security-Policy refused').toEqual([]);
      },
      { auto: true },
    ],
  },
);

export { expect };

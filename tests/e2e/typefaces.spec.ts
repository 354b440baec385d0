import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

// The shop's typefaces are not asked for before a shopper's first page has drawn its first frame
// (src/firstPaint/server/afterFirstPaint.ts): that frame is drawn in the metric-matched system faces.
// A page reached from one of ours, where they are cached by then, and a page without scripting,
// name them from the start.

/** The family the page's main heading is drawn in, first of its stack. */
const headingFamily = (page: Page) =>
  page.getByRole('heading', { level: 1 }).evaluate((h1) => getComputedStyle(h1).fontFamily.split(',')[0]);

/**
 * Records, before the page's own scripts run, whether the typefaces were named at its first frame
 * and at DOMContentLoaded.
 */
async function recordTypefaces(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const named = () => document.documentElement.hasAttribute('data-typefaces');
    const seen: Record<string, boolean> = {};
    Object.assign(window, { __typefaces: seen });
    requestAnimationFrame(() => (seen.firstFrame = named()));
    document.addEventListener('DOMContentLoaded', () => (seen.parsed = named()));
  });
}

const seen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __typefaces: Record<string, boolean> }).__typefaces);

test("a shopper's first page draws its first frame in the system faces, then in the shop's", async ({
  page,
}) => {
  await recordTypefaces(page);
  await page.goto('/about');
  await expect(page.locator('html[data-typefaces]')).toBeAttached();
  expect(await seen(page)).toMatchObject({ firstFrame: false });
  await expect.poll(() => headingFamily(page)).toMatch(/^Fraunces-/);
  await page.evaluate(() => document.fonts.ready);
  const loaded = await page.evaluate(() =>
    [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family),
  );
  expect(loaded.some((family) => family.startsWith('Fraunces-'))).toBe(true);
});

test("a shopper's first page names the shop's faces once they have come, and only those its text needs", async ({
  page,
}) => {
  // How many of the shop's font files had arrived when the page named them: named as they
  // arrive, the page would be laid out once for the naming and again for each face. Counted by
  // the files fetched.
  await page.addInitScript(() => {
    const fontFiles = () =>
      performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.woff2')).length;
    new MutationObserver(() => Object.assign(window, { __fontFilesWhenNamed: fontFiles() })).observe(
      document,
      {
        attributes: true,
        subtree: true,
        attributeFilter: ['data-typefaces'],
      },
    );
    Object.assign(window, { __fontFiles: fontFiles });
  });
  await page.goto('/about');
  await expect(page.locator('html[data-typefaces]')).toBeAttached();
  const files = (name: string) =>
    page.evaluate((key) => (window as unknown as Record<string, unknown>)[key], name);
  // Both printed faces, and not the Latin Extended ones, which /about's text does not need.
  expect(await files('__fontFilesWhenNamed')).toBe(2);
  await expect.poll(() => headingFamily(page)).toMatch(/^Fraunces-/);
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => (window as unknown as { __fontFiles: () => number }).__fontFiles())).toBe(
    2,
  );
});

test('applying the whole stylesheet after the first paint declares no face again', async ({ page }) => {
  // The stand-ins' faces are declared once, in the head (src/layouts/BaseLayout.astro). Declared
  // in the whole stylesheet too, enabling it would make a second set of faces, and the browser
  // would look every stand-in up again and lay the page out again in that task.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () =>
      Object.assign(window, { __facesParsed: [...document.fonts].map((face) => face.family) }),
    ),
  );
  await page.goto('/about');
  await expect(page.locator('html[data-styled]')).toBeAttached();
  const faces = await page.evaluate(() => {
    document.documentElement.getBoundingClientRect(); // the enabled stylesheet's rules in force
    return {
      parsed: (window as unknown as { __facesParsed: string[] }).__facesParsed,
      styled: [...document.fonts].map((face) => face.family),
    };
  });
  expect(faces.parsed.filter((family) => family.includes('Fallback')).length).toBeGreaterThan(0);
  expect(faces.styled).toEqual(faces.parsed);
});

test("a shopper's first page names the shop's faces even when they cannot come, in their stand-ins", async ({
  page,
}) => {
  await page.route(/\.woff2$/, (route) => route.abort());
  await page.goto('/about');
  await expect(page.locator('html[data-typefaces]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("a page reached from one of the shop's names the shop's faces before the shopper sees it", async ({
  page,
}) => {
  await page.goto('/about');
  await recordTypefaces(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Our Story' }).click();
  await expect(page).toHaveURL(/\/our-story/);
  await expect.poll(() => seen(page)).toMatchObject({ parsed: true });
  expect(await headingFamily(page)).toMatch(/^Fraunces-/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a page names the shop's faces from the start", async ({ page }) => {
    await page.goto('/about');
    expect(await headingFamily(page)).toMatch(/^Fraunces-/);
  });
});

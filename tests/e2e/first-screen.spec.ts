import type { Page } from '@playwright/test';
import { test, expect, holdRequests } from './fixtures.ts';
import { realPath } from './shop.ts';

// A product page inlines the rules of its first screen only; the rest of the page (description,
// reviews, more products, footer) takes its rules from the whole stylesheet, fetched after the
// first paint (src/firstPaint/server/criticalCss.ts). Until that stylesheet applies, the rest is laid
// out but not drawn: never drawn half-styled.

const STYLESHEET = '**/_astro/*.css';

/** Holds the whole stylesheet back until `release()`. */
function holdStylesheet(page: Page): Promise<() => void> {
  return holdRequests(page, STYLESHEET);
}

const visibility = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).visibility);

test('a product page draws its first screen at once, and the rest once the whole stylesheet has come', async ({
  page,
  baseURL,
}) => {
  const path = await realPath('/products/:product', baseURL ?? '');
  const release = await holdStylesheet(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });

  // The first screen, in its own rules: the heading's size and the button's colours.
  const heading = page.getByRole('heading', { level: 1 });
  const addToCart = page.getByRole('button', { name: 'Add to Cart' }).first();
  const firstScreen = async () => ({
    heading: await heading.evaluate((element) => getComputedStyle(element).fontSize),
    box: await heading.boundingBox(),
    button: await addToCart.evaluate((element) => getComputedStyle(element).backgroundColor),
  });
  const before = await firstScreen();
  expect(before.button).not.toBe('rgba(0, 0, 0, 0)');
  expect(await visibility(page, '[data-after-first-screen]')).toBe('hidden');
  expect(await visibility(page, 'footer')).toBe('hidden');
  await expect(page.locator('html')).not.toHaveAttribute('data-styled');

  release();
  await expect(page.locator('html')).toHaveAttribute('data-styled', '');
  expect(await visibility(page, '[data-after-first-screen]')).toBe('visible');
  expect(await visibility(page, 'footer')).toBe('visible');
  // The whole stylesheet changes nothing the first screen drew.
  expect(await firstScreen()).toEqual(before);
  // And it styles the rest: the description's heading in its size (text-3xl, 30 px).
  const description = page.getByRole('heading', { name: 'Description' });
  await expect(description).toHaveCSS('font-size', '30px');
});

test('a product page whose stylesheet cannot come still shows the rest of the page', async ({
  page,
  baseURL,
}) => {
  await page.route(STYLESHEET, (route) => route.abort('connectionrefused'));
  await page.goto(await realPath('/products/:product', baseURL ?? ''));
  await expect(page.locator('html')).toHaveAttribute('data-styled', '');
  await expect(page.getByRole('heading', { name: 'Description' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a product page shows the rest of the page, styled', async ({ page, baseURL }) => {
    await page.goto(await realPath('/products/:product', baseURL ?? ''));
    const description = page.getByRole('heading', { name: 'Description' });
    await expect(description).toBeVisible();
    await expect(description).toHaveCSS('font-size', '30px');
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});

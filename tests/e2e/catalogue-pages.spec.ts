// A catalogue of more than one page: a copy of the shop built with 60 products (48 a page).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { buildWithProducts } from '../../scripts/bench/growth.mjs';
import { ROOT, startShop } from '../../scripts/bench/processes.mjs';
import { hydrated } from './catalogue.helpers.ts';

test.describe.configure({ mode: 'serial' });

const PRODUCTS = 60;
let copy: Awaited<ReturnType<typeof buildWithProducts>>;
let shop: Awaited<ReturnType<typeof startShop>>;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  copy = await buildWithProducts(PRODUCTS);
  shop = await startShop(copy.dir);
});

test.afterAll(async () => {
  await shop?.stop();
  await copy?.remove();
});

const cards = 'main #catalogue-grid > li';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every page of the catalogue is rendered on the server, linked and in the sitemap', async ({
    page,
  }) => {
    await page.goto(`${shop.base}/products`);
    await expect(page.locator(cards)).toHaveCount(48);
    const first = await page.locator(`${cards} h3`).allTextContents();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(`${shop.base}/products/page/2`);
    await expect(page.locator(cards)).toHaveCount(PRODUCTS - 48);
    await expect(page).toHaveTitle('All Products, page 2 | Saffron & Stone');
    await expect(page.getByRole('heading', { level: 2, name: 'Products, page 2 of 2' })).toBeAttached();
    const second = await page.locator(`${cards} h3`).allTextContents();
    expect(new Set([...first, ...second]).size).toBe(PRODUCTS);
    await expect(
      page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }),
    ).toHaveAttribute('aria-current', 'page');

    const sitemap = await (await fetch(`${shop.base}/sitemap-0.xml`)).text();
    expect(sitemap).toContain('/products/</loc>');
    expect(sitemap).toContain('/products/page/2');
    expect(sitemap).not.toContain('/products/page/3');
  });

  test('a search and a sort past one page are paged on the server too', async ({ page }) => {
    await page.goto(`${shop.base}/products?q=no.`);
    await expect(page.getByRole('status')).toHaveText(`${PRODUCTS - 25} products`);
    await expect(page.locator(cards)).toHaveCount(PRODUCTS - 25);
    await page.goto(`${shop.base}/products?sort=name&page=2`);
    await expect(page.locator(cards)).toHaveCount(PRODUCTS - 48);
    const names = await page.locator(`${cards} h3`).allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

test('the island shows one page at a time, from the index, and pages through the URL', async ({ page }) => {
  await page.goto(`${shop.base}/products`);
  await hydrated(page, 'Catalogue');
  await page.getByPlaceholder('Search products...').fill('s');
  await expect(page).toHaveURL(`${shop.base}/products?q=s`);
  await expect(page.locator(cards)).toHaveCount(48);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(`${shop.base}/products?q=s&page=2`);
  const total = Number((await page.getByRole('status').innerText()).split(' ')[0]);
  await expect(page.locator(cards)).toHaveCount(total - 48);
  await page.goBack();
  await expect(page.locator(cards)).toHaveCount(48);
  expect(await page.locator('main article').count()).toBeLessThanOrEqual(48);
});

test("a page link followed from the keyboard leaves the focus on the new page's heading, then its cards", async ({
  page,
}) => {
  await page.goto(`${shop.base}/products`);
  await hydrated(page, 'Catalogue');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  // Next is not on the last page, nor Previous on the first: the focus must not fall to the body.
  await pages.getByRole('link', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(cards)).toHaveCount(PRODUCTS - 48);
  await expect(page.getByRole('heading', { level: 2, name: 'Products, page 2 of 2' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator(`${cards}:first-child :focus`)).toHaveCount(1);

  await pages.getByRole('link', { name: 'Previous' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(cards)).toHaveCount(48);
  await expect(page.getByRole('heading', { level: 2, name: 'Products, page 1 of 2' })).toBeFocused();
});

test("the cart, checkout and wishlist pages are built the same with 60 products as with the shop's own", () => {
  // They ask the shop about their lines' products (GET /api/v1/product/today); until 28 November
  // 2026 the cart carried every product's id and the wishlist every product's packs and prices.
  for (const path of ['cart', 'checkout', 'wishlist']) {
    const file = join('dist/client', path, 'index.html');
    const own = statSync(join(ROOT, file)).size;
    const grown = statSync(join(copy.dir, file)).size;
    expect(
      Math.abs(grown - own),
      `/${path}: ${own} bytes with the shop's own products, ${grown} with ${PRODUCTS}`,
    ).toBeLessThanOrEqual(64);
  }
});

// Finding and moving around: the phone's Filter & sort says what applies and takes it away, its
// counts follow the stock switch, the phone menu leads to the categories and to tracking, the
// desktop catalogue shows its first cards on arrival, and the 404 page offers a search and a few
// best sellers.
import type { Page } from '@playwright/test';
import { hydrated } from './catalogue.helpers.ts';
import { expect, test } from './fixtures.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A category button's count in the filters, as it reads. */
async function countOf(page: Page, category: string): Promise<number> {
  const label = await page.getByRole('button', { name: new RegExp(`^${category}`) }).textContent();
  return Number(/(\d+)$/.exec(label ?? '')?.[1]);
}

/** How many products the catalogue says it shows. */
async function shown(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /^\d+ products?$/ });
  return Number(/^(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('Filter & sort says how many filters apply, and each chip under it takes one away', async ({
    page,
  }) => {
    await page.goto('/products');
    const button = page.getByRole('button', { name: /^Filter & sort/ });
    await expect(button).toHaveAccessibleName('Filter & sort');
    await expect(page.getByRole('list', { name: 'Filters applied' })).toHaveCount(0);

    await page.goto('/products?category=Seeds&stock=in&sort=name');
    await expect(button).toHaveAccessibleName('Filter & sort 2 applied');
    const chips = page.getByRole('list', { name: 'Filters applied' }).getByRole('link');
    await expect(chips).toHaveText(['Seeds', 'In stock only']);
    await expect(chips.first()).toHaveAccessibleName('Remove filter: Seeds');
    // Just under the button, on the first screen with the first products.
    const [buttonBox, chipBox] = [await button.boundingBox(), await chips.first().boundingBox()];
    expect(chipBox && buttonBox && chipBox.y > buttonBox.y && chipBox.y - buttonBox.y < 70).toBe(true);

    // Before React, a chip is a link to the same search without its filter.
    await chips.first().click();
    await expect(page).toHaveURL(/\/products\?sort=name&stock=in$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Products');
    await expect(button).toHaveAccessibleName('Filter & sort 1 applied');

    // Once it has hydrated, the island takes it away itself, and the address follows.
    await hydrated(page, 'Catalogue');
    await page.getByRole('link', { name: 'Remove filter: In stock only' }).click();
    await expect(page).toHaveURL(/\/products\?sort=name$/);
    await expect(button).toHaveAccessibleName('Filter & sort');
    await expect(page.getByRole('list', { name: 'Filters applied' })).toHaveCount(0);
  });

  test('the category counts follow "In stock only"', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: /^Filter & sort/ }).click();
    const all = await countOf(page, 'All Products');
    await page.goto('/products?stock=in');
    await page.getByRole('button', { name: /^Filter & sort/ }).click();
    const inStock = await countOf(page, 'All Products');
    // Some products have nothing to sell (their Markdown says so until the merchant counts them).
    expect(inStock).toBeLessThan(all);
    expect(await shown(page)).toBe(inStock);
    // Each category button counts what it will show with the switch on, here and in the island.
    for (const category of ['Herbs', 'Powders']) {
      const counted = await countOf(page, category);
      await page.goto(`/products?category=${category}&stock=in`);
      expect(await shown(page), category).toBe(counted);
      await page.goto('/products?stock=in');
      await page.getByRole('button', { name: /^Filter & sort/ }).click();
    }
    await hydrated(page, 'Catalogue');
    await page.getByRole('switch', { name: 'In stock only' }).uncheck();
    await expect.poll(() => countOf(page, 'All Products')).toBe(all);
    await page.getByRole('switch', { name: 'In stock only' }).check();
    await expect.poll(() => countOf(page, 'All Products')).toBe(inStock);
  });

  test('the menu lists the categories and Track Order', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const categories = menu.getByRole('list', { name: 'Categories' }).getByRole('link');
    await expect(categories).toHaveText(['Spices', 'Herbs', 'Seeds', 'Blends', 'Powders']);
    await expect(menu.getByRole('link', { name: 'Track Order' })).toHaveAttribute('href', '/track-order');
    await categories.filter({ hasText: 'Blends' }).click();
    await expect(page).toHaveURL(/\/products\?category=Blends$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blends');
  });
});

test.describe('without JavaScript, on a phone', () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test('a chip still takes its filter away', async ({ page }) => {
    await page.goto('/products?category=Herbs&stock=in');
    await page.getByRole('link', { name: 'Remove filter: Herbs' }).click();
    await expect(page).toHaveURL(/\/products\?stock=in$/);
  });
});

test('on a desktop the catalogue opens on its first row of cards, names and all; the chips stay with the phone', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/products?category=Seeds');
  await expect(page.getByRole('list', { name: 'Filters applied' })).toBeHidden();
  await page.goto('/products');
  const firstRow = page.locator('#catalogue-grid > li').filter({ visible: true }).locator('h3');
  for (const index of [0, 1, 2, 3]) await expect(firstRow.nth(index)).toBeInViewport({ ratio: 1 });
  const band = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(band && band.y < 160).toBe(true);
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the 404 page offers a search and a few best sellers (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const answer = await page.goto('/no-such-page');
    expect(answer?.status()).toBe(404);
    const bestSellers = page.getByRole('region', { name: 'Our best sellers' }).getByRole('link');
    await expect(bestSellers).toHaveCount(4);
    await expect(bestSellers.first()).toHaveAttribute('href', /^\/products\/[\w-]+$/);
    await expect(bestSellers.first()).toContainText(/\$\d+\.\d{2}/);
    const search = page.getByRole('search', { name: 'Search the shop' });
    await search.getByRole('searchbox', { name: 'Search products' }).fill('cumin');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/products\?q=cumin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Results for 'cumin'");
    // An unknown product's page says so, with the same ways on.
    await page.goto('/products/no-such-spice');
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Our best sellers' }).getByRole('link')).toHaveCount(4);
  });
}

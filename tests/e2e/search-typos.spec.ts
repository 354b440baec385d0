import { test, expect } from './fixtures.ts';
import { hydrated } from './catalogue.helpers.ts';

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

for (const { name, width, height } of WIDTHS) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport: { width, height } });

    test('a typo still finds the product, on the results page and as the shopper types', async ({ page }) => {
      await page.goto('/products?q=tumeric');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("Results for 'tumeric'");
      await expect(page).toHaveTitle(/^Results for 'tumeric'/);
      const grid = page.locator('#catalogue-grid');
      await expect(grid.getByRole('link', { name: /Lakadong Turmeric/ }).first()).toBeVisible();

      await page.goto('/products');
      await hydrated(page, 'Catalogue');
      await page.getByRole('searchbox', { name: 'Search products' }).fill('cummin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("Results for 'cummin'");
      await expect(grid.locator('h3').first()).toHaveText('Cumin Seeds');
      // The chips count within the search: no herb holds cumin. On a phone they are in the sheet.
      if (width < 1024) await page.getByRole('button', { name: 'Filter & sort' }).click();
      await expect(page.getByRole('button', { name: /^Herbs/ })).toHaveText(/Herbs\s*0/);
    });

    test('a search with no results offers a close name, else the best sellers', async ({ page }) => {
      await page.goto('/products?q=tumricc');
      await expect(page.getByText('No products found')).toBeVisible();
      await page.getByRole('link', { name: 'turmeric', exact: true }).click();
      await expect(page).toHaveURL(/q=turmeric/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("Results for 'turmeric'");

      await page.goto('/products?q=xylophone');
      await expect(page.getByText('No products found')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Our best sellers' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Our best sellers' }).getByRole('article').first(),
      ).toBeVisible();
    });
  });
}

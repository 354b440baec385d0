import { test, expect } from './fixtures.ts';

for (const { name, width, height } of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport: { width, height } });

    test('a blend says where it was blended, a spice where it was grown', async ({ page }) => {
      await page.goto('/products/chaat-masala');
      const main = page.getByRole('main');
      await expect(main.getByText('Blended in San Francisco to a Delhi recipe')).toBeVisible();
      await expect(main.getByText(/Grown in/)).toHaveCount(0);
      await page.goto('/products/kashmiri-saffron');
      await expect(page.getByRole('main').getByText(/^Grown in /)).toBeVisible();
    });

    test('a 15 g pack reads per 100 g, a 1 g pack per gram', async ({ page }) => {
      await page.goto('/products?q=bay+leaves');
      await expect(page.locator('#catalogue-grid').getByText(/^15 g · \$[\d.]+ \/ 100 g$/)).toBeVisible();
      await page.goto('/products?q=saffron');
      await expect(page.locator('#catalogue-grid').getByText(/^1 g · \$[\d.]+ \/ g$/)).toBeVisible();
    });
  });
}

import { test, expect } from './fixtures.ts';

test('the home page answers with the shop name', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Saffron & Stone');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Saffron & Stone, home' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

// The tests' server is the shop's default on this machine (`npm start`): a demo shop.
test('a demo shop says so on every page, prerendered or drawn on request', async ({ page }) => {
  for (const path of [
    '/',
    '/about',
    '/products',
    '/products/kashmiri-saffron',
    '/recipes',
    '/auth',
    '/cart',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('complementary', { name: 'Demo' }), path).toHaveText(
      /^Demo shop: orders are not fulfilled/,
    );
  }
});

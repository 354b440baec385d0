import { test, expect } from './fixtures.ts';

test('the home page answers with the shop name', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Saffron & Stone');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Saffron & Stone, home' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a demo shop on this machine, as `npm start` serves it, says so on every page', async ({ page }) => {
  // Built ahead (/about), drawn on request (a search, tracking) and the 404 page alike.
  for (const path of ['/about', '/products?q=cumin', '/track-order', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByText('Demo shop: orders are not fulfilled', { exact: false }), path).toBeVisible();
  }
});

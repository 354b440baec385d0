import { test, expect } from './fixtures.ts';

test('the home page answers with the shop name', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Saffron & Stone');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Saffron & Stone, home' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

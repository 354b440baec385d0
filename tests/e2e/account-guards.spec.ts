import { signIn } from './account.ts';
import { test, expect, seedStorage } from './fixtures.ts';
import { CART } from './account-data.ts';

for (const path of ['/checkout', '/my-orders', '/profile']) {
  const signIn = new RegExp(`/auth\\?next=${encodeURIComponent(path)}$`);

  test(`a signed-out shopper on ${path} is sent to sign in, to come back after`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(signIn);
  });

  test(`a corrupt stored user on ${path} counts as signed out`, async ({ page }) => {
    await seedStorage(page, { user: '{"id": 42, broken', cart: CART });
    await page.goto(path);
    await expect(page).toHaveURL(signIn);
  });
}

test('a stored user without a phone counts as signed out', async ({ page }) => {
  await seedStorage(page, { user: { id: '1730000000000', name: 'Asha Rao' }, cart: CART });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?next=%2Fprofile$/);
});

test('the redirect replaces the guarded page in history', async ({ page }) => {
  await page.goto('/robots.txt');
  await page.goto('/my-orders');
  await expect(page).toHaveURL(/\/auth\?next=%2Fmy-orders$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/robots\.txt$/);
});

test('checkout with an empty cart sends the shopper to the cart', async ({ page }) => {
  await signIn(page);
  await seedStorage(page, { cart: [] });
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart$/);
});

test('a signed-in shopper stays on the account pages', async ({ page }) => {
  await signIn(page);
  await seedStorage(page, { cart: CART });
  for (const [path, heading] of [
    ['/checkout', 'Checkout'],
    ['/my-orders', 'My Orders'],
    ['/profile', 'My Profile'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test('account pages are kept out of search results', async ({ page }) => {
  await signIn(page);
  await seedStorage(page, { cart: CART });
  for (const path of ['/checkout', '/payment', '/my-orders', '/profile']) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  }
});

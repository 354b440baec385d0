import { test, expect, seedStorage } from './fixtures.ts';
import { freshPhone } from './account.ts';

const LINE = { id: 'a:50 g', name: 'A (50 g)', price: 5, image: '/a.jpg', quantity: 2 };

test('a change in one tab shows in another tab of the same browser without reload', async ({
  page,
  context,
}) => {
  await page.goto('/about');
  const other = await context.newPage();
  await other.goto('/faq');
  await expect(other.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();

  await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), LINE);
  await expect(other.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // Signed in for real: every page's top bar checks a stored sign-in against the shop.
  const phone = freshPhone();
  expect((await page.request.post('/api/v1/auth/code', { data: { phone } })).status()).toBe(200);
  const checked = await page.request.post('/api/v1/auth/session', { data: { phone, code: '123456' } });
  const { user } = (await checked.json()) as { user: unknown };
  await page.evaluate((signedIn) => localStorage.setItem('user', JSON.stringify(signedIn)), user);
  await expect(other.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // A tab hears only other tabs' writes: this one reloads to see the user it wrote itself.
  await page.reload();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(other.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('corrupt stored values read as empty and the page still works', async ({ page }) => {
  await seedStorage(page, {
    cart: '[7, null, {"id":1}]',
    wishlist: '{"not":"a list"}',
    user: 'not json at all',
    users: '[{"phone":5}]',
    orders: 'null',
  });
  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wishlist', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('a cart with some good lines among garbage counts only the good ones', async ({ page }) => {
  await seedStorage(page, { cart: JSON.stringify([7, null, LINE, { id: 'x', quantity: 'many' }]) });
  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
});

test('blocked storage leaves the pages working in memory', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'FAQ' }).first().click();
  await expect(page).toHaveURL('/faq');
});

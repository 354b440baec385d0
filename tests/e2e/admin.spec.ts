// The merchant's back office in the browser: who may open it, and what a merchant does there
// reaching the shoppers' pages. Each test makes its own merchant with `npm run merchants`.
import type { Browser, Page } from '@playwright/test';
import { placeOrder, signIn, type ShopUser } from './account.ts';
import { expect, scrollIntoStyledView, test } from './fixtures.ts';
import { merchant } from './merchant.ts';
import { deliveredBuyer } from './reviews.ts';

/** A new merchant, signed in in a browser of its own. */
async function merchantIn(
  browser: Browser,
  name = 'Meera Merchant',
): Promise<{ page: Page; user: ShopUser }> {
  const page = await browser.newPage();
  const user = await signIn(page, { name });
  expect(await merchant('merchants', 'add', user.phone)).toContain('is now a merchant');
  return { page, user };
}

test('a signed-out visitor is sent to sign in and back; a shopper is refused on the page and by the API', async ({
  page,
}) => {
  await page.goto('/admin/orders?status=processing');
  await expect(page).toHaveURL(/\/auth\?next=%2Fadmin%2Forders%3Fstatus%3Dprocessing$/);

  await signIn(page, { name: 'Sam Shopper' });
  const answer = await page.goto('/admin');
  expect(answer?.status()).toBe(403);
  expect(answer?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { name: 'For merchants only' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const api = await page.request.post('/api/v1/admin/stock', {
    data: { productId: 'turkish-bay-leaves', pack: '15 g', change: 'set', amount: 1 },
  });
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({ success: false, message: 'This is for the shop’s merchants only.' });
});

test('a merchant ships an order with its carrier; the shopper’s tracking shows it, and the timeline names the merchant', async ({
  page,
  browser,
}) => {
  await signIn(page, { name: 'Asha Rao' });
  const order = await placeOrder(page, [
    { productId: 'tellicherry-black-pepper', pack: '100 g', quantity: 1 },
  ]);
  const { page: office } = await merchantIn(browser);

  await office.goto('/admin/orders');
  await office.getByRole('searchbox', { name: 'Search', exact: true }).fill(order.id);
  await office.getByRole('button', { name: 'Show orders' }).click();
  await expect(office.getByRole('list', { name: 'Orders' }).getByRole('link')).toHaveCount(1);
  await office.getByRole('link', { name: new RegExp(order.id) }).click();
  await expect(office.getByRole('heading', { name: `Order ${order.id}` })).toBeVisible();
  await office.getByLabel('Carrier').fill('UPS');
  await office.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await office.getByRole('button', { name: 'Ship' }).click();
  await expect(office.getByRole('status')).toHaveText(`${order.id} is shipped.`);
  await expect(office.locator('[data-status]')).toHaveText('shipped');
  const timeline = office.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText(/ship by Meera Merchant \(…\d{4}\)/);
  await expect(office.getByRole('region', { name: 'Messages sent' })).toContainText('placed by sms');

  await page.goto(`/track-order/${order.id}`);
  await expect(page.getByText('On its way with UPS, tracking number 1Z999AA10123456784')).toBeVisible();
  expect(await merchant('merchants', 'log', '5')).toMatch(new RegExp(`Meera Merchant.*ship\\s+${order.id}`));
  await office.close();
});

test('a count set in the back office reaches the product page', async ({ page, browser }) => {
  const { page: office } = await merchantIn(browser);
  await office.goto('/admin/stock?product=turkish-bay-leaves');
  const pack = office.getByRole('listitem', { name: 'Turkish Bay Leaves (40 g)' });
  await expect(pack.locator('[data-count]')).toHaveText('not counted');
  await pack.getByLabel('Count for Turkish Bay Leaves (40 g)').fill('3');
  await pack.getByRole('button', { name: 'Set' }).click();
  await expect(office.getByRole('status')).toHaveText('turkish-bay-leaves 40 g: 3 left.');
  await expect(
    office.getByRole('listitem', { name: 'Turkish Bay Leaves (40 g)' }).locator('[data-count]'),
  ).toHaveText('3 left: low');
  // A negative count is refused.
  const refused = await office.request.post('/api/v1/admin/stock', {
    data: { productId: 'turkish-bay-leaves', pack: '40 g', change: 'set', amount: -2 },
  });
  expect(refused.status()).toBe(400);

  await page.goto('/products/turkish-bay-leaves');
  await page.locator('input[name="pack-size"][value="40 g"]').check();
  await expect(page.locator('[data-stock-for="turkish-bay-leaves"]')).toHaveAttribute(
    'data-note',
    'Only 3 left',
  );
  await office.close();
});

test('a review approved in the back office appears on its product page', async ({ page, browser }) => {
  await deliveredBuyer(page, 'lucknowi-fennel', '100 g', 'Ravi Menon');
  const written = await page.request.put('/api/v1/account/reviews/lucknowi-fennel', {
    data: { rating: 5, title: 'Sweet and bright', text: 'The freshest fennel I have had in years.' },
  });
  expect(written.ok()).toBe(true);
  const { page: office } = await merchantIn(browser);
  await office.goto('/admin/reviews');
  const review = office.getByRole('listitem').filter({ hasText: 'Sweet and bright' });
  await expect(review).toContainText('waiting');
  await expect(review.getByRole('link', { name: /^ORD-/ })).toBeVisible();
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(office.getByRole('status')).toContainText('approved');

  await page.goto('/products/lucknowi-fennel');
  const reviews = page.locator('#reviews');
  await scrollIntoStyledView(reviews);
  const shown = reviews.getByRole('listitem').filter({ hasText: 'The freshest fennel I have had in years.' });
  await expect(shown).toContainText('Verified buyer');
  await office.close();
});

test('the back office works on a phone: Today, orders and an order’s actions fit a 390 px screen', async ({
  browser,
}) => {
  const { page: office } = await merchantIn(browser);
  await office.setViewportSize({ width: 390, height: 844 });
  for (const path of [
    '/admin',
    '/admin/orders',
    '/admin/stock',
    '/admin/reviews',
    '/admin/messages',
    '/admin/discounts',
  ]) {
    await office.goto(path);
    const overflow = await office.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await office.goto('/admin');
  await expect(office.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveCount(6);
  await expect(office.getByText('Orders to ship')).toBeVisible();
  await office.close();
});

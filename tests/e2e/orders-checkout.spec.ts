import type { Page } from '@playwright/test';
import { freshPhone, nationalPhone, onCheckout, payOnDelivery, signIn } from './account.ts';
import { test, expect, readStorage, seedStorage, toastNamed } from './fixtures.ts';
import { CART } from './account-data.ts';
import { hydrated } from './catalogue.helpers.ts';
import { merchant } from './merchant.ts';

/**
 * A signed-in shopper with `cart` and one saved address, on a hydrated checkout. Each is a new
 * account, so that orders other tests place at the same time are not counted as theirs.
 */
async function atCheckout(page: Page, cart: unknown[]) {
  const user = await onCheckout(page, cart);
  await payOnDelivery(page);
  /** The ids of the orders the shop holds from this shopper's phone. */
  return async () =>
    (await merchant('orders', '200'))
      .split('\n')
      .filter((line) => line.includes(nationalPhone(user.phone)))
      .map((line) => /^ORD-\d+/.exec(line)?.[0]);
}

test('a cart price edited in storage is charged at the catalogue price', async ({ page }) => {
  const [saffron] = CART;
  const shopOrders = await atCheckout(page, [{ ...saffron, price: 0.01, quantity: 1 }]);
  const before = await shopOrders();
  await page.getByRole('button', { name: 'Place Order' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Your cart has changed' });
  await expect(alert).toContainText('Kashmiri Saffron (1 g) is now $14.00 (was $0.01).');
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await shopOrders()).toEqual(before);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('definition').last()).toHaveText('$14.00');
  expect(await readStorage(page, 'cart')).toEqual([{ ...saffron, price: 14, quantity: 1 }]);

  // Placed again on purpose, at the price now shown.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const [placed] = (await readStorage<{ id: string; total: number }[]>(page, 'orders')) ?? [];
  expect(placed?.total).toBe(14);
  expect(await merchant('orders', 'show', placed?.id ?? '')).toMatch(
    /1 x Kashmiri Saffron \(1 g\)\s+\$14\.00/,
  );
});

test('a product that sold out while in the cart is taken out, and nothing is ordered', async ({ page }) => {
  const soldOut = {
    id: 'curry-leaves:25 g',
    productId: 'curry-leaves',
    pack: '25 g',
    name: 'Curry Leaves (25 g)',
    price: 5.5,
    image: '/favicon.svg',
    quantity: 1,
  };
  const shopOrders = await atCheckout(page, [soldOut, CART[1]]);
  const before = await shopOrders();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Curry Leaves (25 g) is sold out and was taken out of your cart.',
  );
  expect(await shopOrders()).toEqual(before);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('list').first().getByRole('listitem')).toHaveText([
    /Tellicherry Black Pepper \(100 g\) x 1/,
  ]);
  await expect(page.locator('header').getByRole('link', { name: /Cart/ }).first()).toBeVisible();
});

test('with the shop unreachable at Place Order, the cart and address stay; a retry places one order', async ({
  page,
}) => {
  const shopOrders = await atCheckout(page, CART);
  const before = await shopOrders();
  await page.route('**/api/v1/orders', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert')).toContainText(
    "We couldn't reach the shop, so we can't tell whether your order went through.",
  );
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await readStorage(page, 'cart')).toEqual(CART);
  await expect(page.getByRole('radio', { name: /Asha Rao/ })).toBeChecked();

  // The shop took the first try after all, but its answer was lost: the retry must not order twice.
  await page.unroute('**/api/v1/orders');
  let keys: string[] = [];
  await page.route('**/api/v1/orders', async (route) => {
    keys = [...keys, route.request().headers()['idempotency-key'] ?? ''];
    const first = await route.fetch();
    if (keys.length === 1) await route.abort('connectionreset');
    else await route.fulfill({ response: first });
  });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert')).toContainText('it will be placed only once');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(toastNamed(page, 'Order placed successfully!')).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect((await shopOrders()).length).toBe(before.length + 1);
});

test('an order whose answer was lost, placed again from another tab, is placed once', async ({
  page,
  context,
}) => {
  const shopOrders = await atCheckout(page, CART);
  const before = await shopOrders();
  // The shop takes the order, but its answer never reaches this tab.
  await page.route('**/api/v1/orders', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert')).toContainText("we can't tell whether your order went through");
  expect((await shopOrders()).length).toBe(before.length + 1);

  const other = await context.newPage();
  await other.goto('/checkout');
  await hydrated(other, 'CheckoutPage');
  await payOnDelivery(other);
  await other.getByRole('button', { name: 'Place Order' }).click();
  await expect(other).toHaveURL(/\/my-orders$/);
  expect((await shopOrders()).length, 'no second order').toBe(before.length + 1);
});

test('signed out, Proceed to Checkout asks to sign in and comes back to checkout', async ({ page }) => {
  await seedStorage(page, { cart: CART });
  await page.goto('/cart');
  await hydrated(page, 'CartPage');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fcheckout$/);
  await expect(toastNamed(page, 'Please login to continue')).toBeVisible();
  await hydrated(page, 'SignIn');
  await page.getByLabel('Phone number').fill(freshPhone());
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('Six-digit code').fill('123456');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
});

test('signed out, Buy Now asks to sign in and then checks the product out', async ({ page }) => {
  await page.goto('/products/kashmiri-saffron');
  await hydrated(page, 'ProductPurchase');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fcheckout$/);
  await expect(toastNamed(page, 'Please login to continue')).toBeVisible();
  await hydrated(page, 'SignIn');
  await page.getByLabel('Phone number').fill(freshPhone());
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('Six-digit code').fill('123456');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('region', { name: 'Order Summary' }).getByRole('listitem')).toHaveText([
    /Kashmiri Saffron \(1 g\) x 1/,
  ]);
});

for (const next of ['https://evil.example/', '//evil.example/', '/\\evil.example/']) {
  test(`an off-site return target (${next}) is ignored after sign-in`, async ({ page }) => {
    await page.goto(`/auth?next=${encodeURIComponent(next)}`);
    await hydrated(page, 'SignIn');
    await page.getByLabel('Phone number').fill(freshPhone());
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByLabel('Six-digit code').fill('123456');
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).host).not.toContain('evil');
  });
}

for (const path of ['/profile', '/my-orders', '/checkout']) {
  test(`Logout from ${path} lands on /`, async ({ page }) => {
    await signIn(page);
    await seedStorage(page, { cart: CART });
    await page.goto(path);
    await hydrated(
      page,
      path === '/profile' ? 'ProfilePage' : path === '/my-orders' ? 'MyOrders' : 'CheckoutPage',
    );
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    // A later redirect to sign-in would cancel this navigation before it lands.
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await readStorage(page, 'user')).toBeNull();
    expect((await page.request.get('/api/v1/account')).status()).toBe(401);
  });
}

import type { Browser, Page } from '@playwright/test';
import { freshPhone, payOnDelivery, placeOrder, saveAddress, signIn } from './account.ts';
import { expect, openHydrated, readStorage, seedStorage, test, toastNamed } from './fixtures.ts';
import { merchant } from './merchant.ts';
import { SAFFRON_LINE } from '../support/shopData.ts';

/** Signs `phone` in through the sign-in page of a browser of its own, as a shopper would. */
async function signInThroughThePage(browser: Browser, phone: string): Promise<Page> {
  const page = await browser.newPage();
  await openHydrated(page, '/auth');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('Six-digit code').fill('123456');
  await page.waitForURL(/\/$/);
  await expect(toastNamed(page, 'Welcome!')).toBeVisible();
  return page;
}

test('an account follows its shopper: orders, profile and addresses appear in a second browser', async ({
  page,
  browser,
}) => {
  // Two browsers, a sign-in through the page and five page loads: 23 s on CI's two cores.
  test.slow();
  const phone = freshPhone();
  const user = await signIn(page, { phone, name: 'Asha Rao', email: 'asha@example.com' });
  await saveAddress(page, user, {
    label: 'Home',
    name: 'Asha Rao',
    street: '214 Spice Mill Lane',
    city: 'San Francisco',
  });
  const order = await placeOrder(page, [SAFFRON_LINE]);

  const other = await signInThroughThePage(browser, phone.replace('+1 ', ''));
  await other.goto('/my-orders');
  await expect(other.getByRole('article', { name: `Order ${order.id}` })).toBeVisible();
  await other.goto('/profile');
  await expect(other.getByLabel('Full Name')).toHaveValue('Asha Rao');
  await expect(other.getByLabel('Email Address')).toHaveValue('asha@example.com');
  await expect(other.getByText('214 Spice Mill Lane')).toBeVisible();
  await other.close();
});

test('a forged user in storage cannot order or see orders: the shop answers 401', async ({ page }) => {
  const victim = freshPhone();
  await seedStorage(page, {
    user: { id: 'someone', phone: victim, name: 'Someone', email: '', profilePicture: '' },
    cart: [{ id: 'kashmiri-saffron:1 g', name: 'Kashmiri Saffron (1 g)', price: 14, image: '', quantity: 1 }],
  });
  const ordered = await page.request.post('/api/v1/orders', {
    data: {
      items: [SAFFRON_LINE],
      address: { name: 'M', street: '1 Way', city: 'X' },
      total: 28,
      phone: victim,
      userId: 'someone',
    },
    headers: { 'Idempotency-Key': 'forged-order-attempt-0001' },
  });
  expect(ordered.status()).toBe(401);
  expect((await page.request.get('/api/v1/orders')).status()).toBe(401);
  await page.goto('/checkout');
  await page.waitForURL(/\/auth\?next=%2Fcheckout$/);
  expect(await readStorage(page, 'cart')).toHaveLength(1);
});

test('logout ends the session on the shop: the old cookie is refused afterwards', async ({
  page,
  context,
}) => {
  await signIn(page);
  const cookies = await context.cookies();
  await page.goto('/about');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(toastNamed(page, 'Signed out')).toBeVisible();
  expect(await readStorage(page, 'user')).toBeNull();
  await context.addCookies(cookies);
  expect((await page.request.get('/api/v1/account')).status()).toBe(401);
});

test('"Sign out of all devices" ends the session in the other browser too', async ({ page, browser }) => {
  // Two browsers and a sign-in through the page, as above.
  test.slow();
  const phone = freshPhone();
  await signIn(page, { phone });
  const other = await signInThroughThePage(browser, phone);
  expect((await other.request.get('/api/v1/account')).status()).toBe(200);

  await page.goto('/profile');
  // Asked to confirm first: Cancel leaves every session as it was.
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  const confirm = page.getByRole('button', { name: 'Yes, sign out everywhere' });
  await expect(confirm).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Sign out of all devices' })).toBeFocused();
  expect((await other.request.get('/api/v1/account')).status()).toBe(200);

  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await confirm.click();
  await page.waitForURL(/\/$/);
  await expect(toastNamed(page, 'Signed out of all devices')).toBeVisible();
  expect((await page.request.get('/api/v1/account')).status()).toBe(401);
  expect((await other.request.get('/api/v1/account')).status()).toBe(401);
  // The other browser's next page, not an account page, shows the visitor's top bar.
  const bar = other.getByRole('banner');
  const checked = other.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/v1/auth/session' && response.request().method() === 'GET',
  );
  await other.goto('/about');
  expect((await checked).status()).toBe(401);
  await expect.poll(() => other.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await expect(bar.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Account menu' })).toBeHidden();
  await other.goto('/profile');
  await other.waitForURL(/\/auth\?next=%2Fprofile$/);
  await other.close();
});

test('the top bar of a signed-in browser stays signed in while its session lives', async ({ page }) => {
  await signIn(page, { name: 'Asha Rao' });
  const checked = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/v1/auth/session' && response.request().method() === 'GET',
  );
  await page.goto('/about');
  expect((await checked).status()).toBe(200);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('user'))).not.toBeNull();
});

test('a guest tracking link asks for the phone first, and shows the order only with the right one', async ({
  page,
  browser,
}) => {
  const phone = freshPhone();
  await signIn(page, { phone });
  const order = await placeOrder(page, [SAFFRON_LINE]);

  const guest = await browser.newPage();
  await guest.goto(`/track-order/${order.id}`);
  await expect(guest.getByLabel('Order ID')).toHaveValue(order.id);
  await expect(guest.getByLabel('Phone number')).toBeFocused();
  await expect(guest.getByRole('region', { name: `Order ${order.id}` })).toHaveCount(0);

  await guest.getByLabel('Phone number').fill('+1 415 555 0000');
  await guest.getByRole('button', { name: 'Track Order' }).click();
  await expect(guest.getByRole('region', { name: `Order ${order.id}` }).getByRole('status')).toContainText(
    'The order ID and phone number do not match',
  );
  await guest.getByLabel('Phone number').fill(phone.replace('+1 ', '(').replace(' ', ') '));
  await guest.getByRole('button', { name: 'Track Order' }).click();
  await expect(guest.getByRole('region', { name: `Order ${order.id}` })).toContainText('Order Processing');
  await guest.close();
});

test('a signed-in owner tracks an order by its id alone, in any browser', async ({ page, browser }) => {
  const phone = freshPhone();
  await signIn(page, { phone });
  const order = await placeOrder(page, [SAFFRON_LINE]);
  const other = await signInThroughThePage(browser, phone);
  await other.goto(`/track-order/${order.id}`);
  await expect(other.getByLabel('Phone number')).toHaveCount(0);
  await expect(other.getByRole('region', { name: `Order ${order.id}` })).toContainText('Order Processing');
  await other.close();
});

test("an order's tracking link shows its timeline in any browser, with no phone and no sign-in", async ({
  page,
  browser,
}) => {
  await signIn(page);
  const order = await placeOrder(page, [SAFFRON_LINE]);
  const link = new URL(order.trackingUrl);
  const stranger = await browser.newPage();
  await stranger.goto(link.pathname + link.search);
  const result = stranger.getByRole('region', { name: `Order ${order.id}` });
  // A fresh browser's first page: its tracking island hydrates after its scripts load, which on
  // a busy machine has taken longer than the usual five seconds.
  await expect(result).toContainText('Order Processing', { timeout: 15_000 });
  await expect(result.getByRole('listitem')).toHaveText([
    /Order Placed\s*Order received/,
    /Shipped · still to come/,
    /Delivered · still to come/,
  ]);
  // The merchant ships it with a carrier: the same link shows who carries it.
  await expect(merchant('orders', 'ship', order.id, '--courier', 'UPS')).rejects.toThrow(
    /Unknown option '--courier'/,
  );
  await merchant('orders', 'ship', order.id, '--carrier', 'UPS', '--tracking', '1Z999AA1');
  expect(await merchant('orders', 'show', order.id)).toContain('Shipped  with UPS, tracking number 1Z999AA1');
  await stranger.reload();
  await expect(result.getByRole('listitem').nth(1)).toContainText(
    'On its way with UPS, tracking number 1Z999AA1',
  );
  // A wrong token looks like no order at all.
  await stranger.goto(`${link.pathname}?t=${'x'.repeat(22)}`);
  await expect(stranger.getByRole('region', { name: `Order ${order.id}` })).toContainText('Not Found');
  await stranger.close();
});

test('checkout offers an email for the receipt when the account has none, saves it and asks to confirm it', async ({
  page,
}) => {
  const user = await signIn(page, { name: 'Asha Rao' });
  await saveAddress(page, user, { name: 'Asha Rao', street: '214 Spice Mill Lane', city: 'San Francisco' });
  await seedStorage(page, {
    cart: [{ id: 'kashmiri-saffron:1 g', name: 'Kashmiri Saffron (1 g)', price: 14, image: '', quantity: 1 }],
  });
  await page.goto('/checkout');
  const receipt = page.getByLabel('Email for your receipt (optional)');
  await receipt.fill(`receipt-${user.id.slice(0, 8)}@example.com`);
  await payOnDelivery(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/my-orders$/);
  const account = (await (await page.request.get('/api/v1/account')).json()) as { user: { email: string } };
  expect(account.user.email).toBe(`receipt-${user.id.slice(0, 8)}@example.com`);
  // One email asks to confirm the address; the order's news waits for it (its text goes).
  const to = `email to receipt-${user.id.slice(0, 8)}@example\\.com\\s+`;
  await expect.poll(async () => merchant('outbox', '200')).toMatch(new RegExp(`${to}email-confirm`));
  expect(await merchant('outbox', '200')).not.toMatch(new RegExp(`${to}order-placed`));
  await page.goto('/checkout');
  await expect(page.getByLabel('Email for your receipt (optional)')).toHaveCount(0);
});

test('the profile turns order news by text and by email off and on, on the shop', async ({ page }) => {
  await signIn(page);
  await page.goto('/profile');
  const bySms = page.getByRole('switch', { name: /Order news by text/ });
  // Named by its label and described by its hint, so the name stays short and the email switch's
  // hint is no second match for the Email Address field.
  await expect(bySms).toHaveAccessibleName('Order news by text');
  await expect(bySms).toHaveAccessibleDescription('A text when an order is placed, shipped and delivered.');
  await expect(page.getByRole('switch', { name: 'Order news by email' })).toHaveAccessibleDescription(
    'The same by email, when your profile has one.',
  );
  await expect(page.getByLabel('Email Address')).toHaveCount(1);
  await expect(bySms).toBeChecked();
  await bySms.uncheck();
  await expect(page.getByText('Order news turned off')).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/v1/account')).json()) as { orderNews: unknown }).orderNews,
    )
    .toEqual({ sms: false, email: true });
  await page.reload();
  await expect(page.getByRole('switch', { name: /Order news by text/ })).not.toBeChecked();
});

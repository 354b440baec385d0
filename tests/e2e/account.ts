import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { CONFIRM_EMAIL_KIND, followConfirmation } from '#src/server/accounts/emailConfirmation.ts';
import { trackingTokenHash } from '#src/server/messages/orderMessages.ts';
import { createStore } from '#src/server/store/index.ts';
import { seedStorage, workerDataDir } from './fixtures.ts';
import { CART, HOME } from './account-data.ts';
import { hydrated } from './catalogue.helpers.ts';

let issued = 0;

/**
 * A phone no other test has used (each test is a new shopper): the worker's process id and a
 * count, so workers never share one and no phone meets the shop's per-phone limits.
 */
export function freshPhone(): string {
  issued += 1;
  // A North American exchange starts with 2 to 9: the shop refuses a number its country has not.
  const exchange = 200 + (process.pid % 800);
  return `+1 628 ${exchange} ${String(issued).padStart(4, '0')}`;
}

/**
 * A phone of the shop's own country (calling code 1), however written, as the shop's pages,
 * messages and commands show it: in the national format, `(628) 555-0100`.
 */
export const nationalPhone = (phone: string) =>
  phone.replace(/[\s()-]/g, '').replace(/^\+?1?(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3');

/** An account as the shop describes it, in the shape of the `user` key. */
export interface ShopUser {
  id: string;
  phone: string;
  name: string;
  email: string;
  profilePicture: string;
}

/**
 * Signs a new shopper in through the shop's API with the demo code, in the page's browser (its
 * cookie jar keeps the session), names them when asked, and stores the `user` copy the pages
 * paint from.
 */
export async function signIn(
  page: Page,
  { phone = freshPhone(), name = '', email = '' }: { phone?: string; name?: string; email?: string } = {},
): Promise<ShopUser> {
  if (page.url() === 'about:blank') await page.goto('/robots.txt');
  expect((await page.request.post('/api/v1/auth/code', { data: { phone } })).status()).toBe(200);
  const checked = await page.request.post('/api/v1/auth/session', { data: { phone, code: '123456' } });
  expect(checked.status()).toBe(200);
  let { user } = (await checked.json()) as { user: ShopUser };
  if (name || email) {
    const named = await page.request.patch('/api/v1/account', { data: { name, email } });
    ({ user } = (await named.json()) as { user: ShopUser });
  }
  await seedStorage(page, { user });
  return user;
}

/**
 * Confirms the shopper's email as its link does, so that order emails go to it
 * (email-confirmation.spec.ts follows the link from the email itself).
 */
export async function confirmEmail(user: ShopUser): Promise<void> {
  const store = createStore({ dataDir: workerDataDir() });
  try {
    const token = randomBytes(16).toString('base64url');
    const started = await store.startEmailConfirmation({
      accountId: user.id,
      email: user.email,
      tokenHash: trackingTokenHash(token),
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      message: {
        kind: CONFIRM_EMAIL_KIND,
        channel: 'email',
        recipient: user.email,
        subject: 'Confirm your email address',
        body: 'A link the test follows itself.',
      },
    });
    expect(started, `a confirmation started for ${user.email}`).toBe(true);
    expect(await followConfirmation(store, token)).toEqual({ confirmed: true, email: user.email });
  } finally {
    await store.close();
  }
}

/** Saves an address in the signed-in account's book on the shop, and in the browser's copy. */
export async function saveAddress(page: Page, user: ShopUser, fields: Record<string, string>) {
  const answer = await page.request.post('/api/v1/account/addresses', { data: fields });
  expect(answer.status()).toBe(201);
  const { address } = (await answer.json()) as { address: Record<string, string> };
  const key = `addresses:${user.id}`;
  const copy = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as unknown[], key);
  await seedStorage(page, { [key]: [...copy, address] });
  return address;
}

/**
 * Places an order of `items` for the signed-in account at today's prices (the shop names the
 * total in its first answer), and answers it as the shop does. As if on an earlier visit: the
 * browser forgets it as the order just placed, so My Orders shows it closed like any other.
 */
export async function placeOrder(
  page: Page,
  items: { productId: string; pack: string; quantity: number }[],
  address = {
    name: 'Asha Rao',
    street: '214 Spice Mill Lane',
    city: 'San Francisco',
    state: 'CA',
    zip: '94107',
  },
) {
  const send = (total: number) =>
    page.request.post('/api/v1/orders', {
      data: { items, address, total },
      headers: { 'Idempotency-Key': `test-${crypto.randomUUID()}` },
    });
  const priced = (await (await send(0)).json()) as { order: { total: number } };
  const placed = await send(priced.order.total);
  expect(placed.status()).toBe(201);
  await page.context().clearCookies({ name: 'justPlaced' });
  return (
    (await placed.json()) as { order: { id: string; total: number; status: string; trackingUrl: string } }
  ).order;
}

/** Chooses "Pay on delivery" at checkout, where the shop offers the card first. */
export async function payOnDelivery(page: Page) {
  await page.getByRole('radio', { name: /^Pay on delivery/ }).check();
}

/**
 * My Orders with the shop unable to read the account's orders: the page comes drawn without them
 * (as when its database is down: here, asked for without the session) and the orders API is out
 * of reach, so the page shows this browser's copy.
 */
export async function ordersOutOfReach(page: Page) {
  await page.route('**/my-orders', async (route) =>
    route.fulfill({ response: await route.fetch({ headers: { ...route.request().headers(), cookie: '' } }) }),
  );
  await page.route('**/api/v1/orders**', (route) => route.abort('internetdisconnected'));
}

/** A new shopper with one saved address and `cart`, on a hydrated checkout; answers the account. */
export async function onCheckout(page: Page, cart: unknown[] = CART): Promise<ShopUser> {
  const user = await signIn(page, { name: HOME.name });
  await saveAddress(page, user, HOME);
  await seedStorage(page, { cart });
  await page.goto('/checkout');
  await hydrated(page, 'CheckoutPage');
  return user;
}

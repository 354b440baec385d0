import type { Browser, Page } from '@playwright/test';
import { ordersOutOfReach, payOnDelivery, placeOrder, saveAddress, signIn } from './account.ts';
import { test, expect, openHydrated, readStorage, seedStorage } from './fixtures.ts';
import { CART, HOME, order, mainOverflow } from './account-data.ts';
import { hydrated } from './catalogue.helpers.ts';
import { merchant } from './merchant.ts';
import { PEPPER_LINE, SAFFRON_LINE } from '../support/shopData.ts';

/**
 * Someone else's order, then two of a shopper signed in on `page`: an older one of pepper and the
 * newest of `lines`.
 */
async function twoOrdersAndSomeoneElses(page: Page, browser: Browser, lines: (typeof PEPPER_LINE)[]) {
  const someoneElse = await browser.newPage();
  await signIn(someoneElse);
  const theirs = await placeOrder(someoneElse, [PEPPER_LINE]);
  await someoneElse.close();
  await signIn(page);
  const older = await placeOrder(page, [PEPPER_LINE]);
  return { theirs, older, newest: await placeOrder(page, lines) };
}

test("My Orders comes drawn with the account's latest orders: they show before any script runs", async ({
  page,
  browser,
}) => {
  const { theirs, older, newest } = await twoOrdersAndSomeoneElses(page, browser, [SAFFRON_LINE]);
  const drawn = await page.request.get('/my-orders');
  expect(drawn.headers()['cache-control']).toBe('private, no-store');
  const html = await drawn.text();
  expect(html).toContain(newest.id);
  expect(html).not.toContain(theirs.id);

  // No module script loads: what shows is the server's HTML (the head's guard is inline).
  await page.route('**/_astro/*.js', (route) => route.abort());
  await page.goto('/my-orders');
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText([
    newest.id,
    older.id,
  ]);
  await expect(page.getByRole('article', { name: `Order ${newest.id}` })).toContainText(
    /Kashmiri Saffron \(1 g\) x 2\s*Lot: [^$]+\$28\.00/,
  );
});

test('My Orders is drawn without orders for a request with no session, or a forged one', async ({
  page,
  playwright,
}) => {
  await signIn(page);
  const mine = await placeOrder(page, [PEPPER_LINE]);
  const token = (await page.context().cookies()).find(({ name }) => name === 'session')?.value ?? '';
  expect(token).not.toBe('');
  // None; the session's token with its end changed; the right token under the wrong name.
  for (const cookie of ['', `session=${token.slice(0, -4)}AAAA`, `__Host-session=${token}`]) {
    const stranger = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    const answer = await stranger.get('/my-orders', { headers: cookie ? { cookie } : {} });
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    expect(html).not.toContain(mine.id);
    expect(html).toContain('aria-label="Loading"');
    await stranger.dispose();
  }
});

// Placing an order lands on My Orders with the new order open as its confirmation (decisions:
// after the order). The server draws it so, named by a cookie the order's answer set for that
// page alone; the page forgets it as it answers.
test('the order just placed comes drawn open as its confirmation, once', async ({ page }) => {
  const user = await signIn(page, { name: HOME.name });
  await saveAddress(page, user, HOME);
  await seedStorage(page, { cart: [CART[1]] });
  await page.goto('/checkout');
  await hydrated(page, 'CheckoutPage');
  const drawn = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/my-orders');
  await payOnDelivery(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const answer = await drawn;
  // In the server's HTML, before any script: nothing on the page moves when it hydrates.
  expect(await answer.text()).toContain('Thank you! Your order is placed.');
  expect(await answer.headerValue('set-cookie')).toMatch(
    /^justPlaced=[^;]*; Path=\/my-orders; Expires=Thu, 01 Jan 1970 00:00:00 GMT/,
  );
  const placed = page.getByRole('article');
  await expect(placed).toHaveCount(1);
  await expect(placed.getByRole('status')).toContainText('Thank you! Your order is placed.');
  await expect(placed.getByRole('button', { name: 'View Details' })).toHaveAttribute('aria-expanded', 'true');
  expect((await page.context().cookies()).map(({ name }) => name)).not.toContain('justPlaced');

  await page.reload();
  await expect(placed.getByRole('button', { name: 'View Details' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(placed.getByRole('status')).toHaveCount(0);
});

test('the answer that places an order names it to My Orders; a refused one names none', async ({ page }) => {
  await signIn(page);
  const send = (key: string, total: number) =>
    page.request.post('/api/v1/orders', {
      data: {
        items: [PEPPER_LINE],
        address: { name: HOME.name, street: HOME.street, city: HOME.city, state: HOME.state, zip: HOME.zip },
        total,
      },
      headers: { 'Idempotency-Key': key },
    });
  const refused = await send(`test-${crypto.randomUUID()}`, 0.01);
  expect(refused.status()).toBe(409);
  expect(refused.headers()['set-cookie']).toBeUndefined();

  const key = `test-${crypto.randomUUID()}`;
  const placed = await send(key, 8.5);
  expect(placed.status()).toBe(201);
  const { order: created } = (await placed.json()) as { order: { id: string } };
  const named = new RegExp(
    `^justPlaced=${created.id}; Max-Age=600; Path=/my-orders; HttpOnly; SameSite=Lax$`,
  );
  expect(placed.headers()['set-cookie']).toMatch(named);
  // A retry whose first answer was lost names the same order.
  const retried = await send(key, 8.5);
  expect(retried.status()).toBe(200);
  expect(retried.headers()['set-cookie']).toMatch(named);
});

test("a forged order-just-placed cookie opens nothing: not a stranger's order, not markup", async ({
  page,
  browser,
}) => {
  const { theirs, newest } = await twoOrdersAndSomeoneElses(page, browser, [SAFFRON_LINE]);
  const origin = new URL(page.url()).origin;
  for (const value of [
    theirs.id,
    'ORD-000000000000',
    '<img src=x onerror=alert(1)>',
    newest.id.toLowerCase(),
  ]) {
    await page.context().addCookies([{ name: 'justPlaced', value, url: `${origin}/my-orders` }]);
    const answer = await page.request.get('/my-orders');
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    expect(html).toContain(newest.id);
    expect(html).not.toContain(theirs.id);
    expect(html).not.toContain('Thank you! Your order is placed.');
    expect(html).not.toContain('<img src=x');
  }
});

test("the drawn orders become this browser's copy as the page hydrates, without asking the shop again", async ({
  page,
}) => {
  const user = await signIn(page);
  const placed = await placeOrder(page, [PEPPER_LINE]);
  // An older copy from this browser must not show in between.
  await seedStorage(page, { orders: [order('ORD-1730000000001', 'delivered', { userId: user.id })] });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/orders') asked.push(request.url());
  });
  await openHydrated(page, '/my-orders');
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText([placed.id]);
  await expect
    .poll(async () => ((await readStorage<{ id: string }[]>(page, 'orders')) ?? []).map(({ id }) => id))
    .toEqual([placed.id]);
  expect(asked).toEqual([]);
});

test('a shopper without orders is told so', async ({ page }) => {
  await signIn(page);
  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
});

test("My Orders lists the shopper's own orders from the shop, newest first, with their details", async ({
  page,
  browser,
}) => {
  const { theirs, older, newest } = await twoOrdersAndSomeoneElses(page, browser, [
    SAFFRON_LINE,
    PEPPER_LINE,
  ]);
  await page.goto('/my-orders');
  const orders = page.getByRole('article');
  await expect(orders.getByRole('heading', { level: 2 })).toHaveText([newest.id, older.id]);
  await expect(page.getByRole('heading', { name: theirs.id })).toHaveCount(0);

  const first = orders.first();
  const today = await page.evaluate(() =>
    new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
  );
  await expect(first.getByText(`Placed on ${today}`)).toBeVisible();
  await expect(first.getByText('$36.50').first()).toBeVisible();
  await expect(first.getByRole('listitem')).toHaveText([
    /Kashmiri Saffron \(1 g\) x 2\s*Lot: [^$]+\$28\.00/,
    /Tellicherry Black Pepper \(100 g\) x 1\s*Lot: [^$]+\$8\.50/,
  ]);
  await expect(first.getByRole('link', { name: 'Track Order' })).toHaveAttribute(
    'href',
    `/track-order/${newest.id}`,
  );
});

test('View Details expands the delivery address and total, and folds them away again', async ({ page }) => {
  await signIn(page);
  await placeOrder(page, [PEPPER_LINE], {
    name: HOME.name,
    street: HOME.street,
    city: HOME.city,
    state: HOME.state,
    zip: HOME.zip,
  });
  await page.goto('/my-orders');
  const details = page.getByRole('button', { name: 'View Details' });
  const address = page.getByRole('region', { name: 'Delivery address' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await expect(address).toBeHidden();

  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(address).toContainText(`${HOME.street}`);
  await expect(address).toContainText('San Francisco, CA 94107');
  await expect(page.getByRole('region', { name: 'Payment summary' })).toContainText(/Total\s*\$8\.50/);

  await details.click();
  await expect(address).toBeHidden();
});

test('the three kinds of status badge look different from one another', async ({ page }) => {
  await signIn(page);
  const delivered = await placeOrder(page, [PEPPER_LINE]);
  const shipped = await placeOrder(page, [PEPPER_LINE]);
  await placeOrder(page, [PEPPER_LINE]);
  await merchant('orders', 'ship', delivered.id);
  await merchant('orders', 'deliver', delivered.id);
  await merchant('orders', 'ship', shipped.id);
  await page.goto('/my-orders');
  const looks = [];
  for (const status of ['delivered', 'shipped', 'processing']) {
    const badge = page.getByText(status, { exact: true });
    await expect(badge).toBeVisible();
    looks.push(
      await badge.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.backgroundColor} ${style.color} ${style.borderColor}`;
      }),
    );
  }
  expect(new Set(looks).size).toBe(3);
});

test('offline, an order missing fields in the stored copy shows what it has and the list still works', async ({
  page,
}) => {
  const user = await signIn(page);
  await seedStorage(page, {
    orders: [
      { id: 'ORD-1730000000009', userId: user.id, status: 'shipped', total: 5, items: 'lost' },
      order('ORD-1730000000001', 'delivered', { userId: user.id }),
    ],
  });
  await ordersOutOfReach(page);
  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { name: 'ORD-1730000000009' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'ORD-1730000000001' })).toBeVisible();
  const partial = page.getByRole('article', { name: 'Order ORD-1730000000009' });
  await expect(partial.getByText('No items recorded.')).toBeVisible();
  await expect(partial.getByText('Placed on')).toHaveCount(0);
  await partial.getByRole('button', { name: 'View Details' }).click();
  await expect(partial.getByText('No address recorded.')).toBeVisible();
});

test('very long item names and addresses wrap on a small phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await signIn(page);
  await seedStorage(page, {
    orders: [
      order('ORD-1730000000001', 'shipped', {
        userId: user.id,
        items: [{ name: 'Saffron'.repeat(40), quantity: 1, price: 12.5 }],
        address: {
          ...HOME,
          name: 'Wolfeschlegelsteinhausenbergerdorff'.repeat(3),
          street: 'Avenue'.repeat(30),
        },
      }),
    ],
  });
  await ordersOutOfReach(page);
  await page.goto('/my-orders');
  await page.getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('region', { name: 'Delivery address' })).toBeVisible();
  expect(await mainOverflow(page)).toBe(0);
});

test('more than 20 orders come a page at a time', async ({ page }) => {
  await signIn(page);
  const placed = [];
  for (let n = 0; n < 21; n += 1) placed.push(await placeOrder(page, [PEPPER_LINE]));
  await page.goto('/my-orders');
  await expect(page.getByRole('article')).toHaveCount(20);
  await page.getByRole('button', { name: 'Show older orders' }).click();
  await expect(page.getByRole('article')).toHaveCount(21);
  await expect(page.getByRole('heading', { name: placed[0]!.id })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show older orders' })).toHaveCount(0);
});

import type { Page } from '@playwright/test';
import { placeOrder, signIn } from './account.ts';
import { test, expect, seedStorage } from './fixtures.ts';
import { order } from './account-data.ts';
import { merchant } from './merchant.ts';
import { PEPPER_LINE } from '../support/shopData.ts';

/** A signed-in shopper with a shipped order and a delivered one; answers their ids. */
async function shopperWithOrders(page: Page) {
  await signIn(page);
  const delivered = await placeOrder(page, [PEPPER_LINE]);
  const shipped = await placeOrder(page, [PEPPER_LINE]);
  await merchant('orders', 'ship', delivered.id);
  await merchant('orders', 'deliver', delivered.id);
  await merchant('orders', 'ship', shipped.id);
  return { shipped: shipped.id, delivered: delivered.id };
}

test('the order id field is required and shows an example', async ({ page }) => {
  await page.goto('/track-order');
  const field = page.getByLabel('Order ID');
  await expect(field).toHaveAttribute('placeholder', 'ORD-12345');
  await expect(field).toHaveAttribute('required', '');
  await page.getByRole('button', { name: 'Track Order' }).click();
  await expect(page.getByText('Estimated Delivery')).toBeHidden();
});

test("an order id in the path is filled in and looked up at once for the order's owner", async ({ page }) => {
  const { shipped } = await shopperWithOrders(page);
  await page.goto(`/track-order/${shipped}`);
  await expect(page.getByLabel('Order ID')).toHaveValue(shipped);
  const result = page.getByRole('region', { name: `Order ${shipped}` });
  await expect(result.getByRole('definition')).toHaveText([
    shipped,
    'Shipped',
    'Pay on delivery',
    /^Between \w+ \d+, \d{4} and \w+ \d+, \d{4}$/,
    // Where it goes: placed without a country, an order stays within the shop's own.
    'To United States',
  ]);
  const steps = result.getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.first()).toContainText(/Order Placed\s*Order received/);
  await expect(steps.nth(1)).toContainText(/Shipped\s*On its way to you/);
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(steps.first()).not.toHaveAttribute('aria-current', 'step');
  // The step still to come, greyed and said so in words.
  await expect(steps.last()).toContainText(/Delivered · still to come\s*It reaches your door/);
  await expect(steps.last()).not.toHaveAttribute('aria-current', 'step');
});

test('an order id is found in any letter case and without ORD-, on the page and by the API', async ({
  page,
  browser,
}) => {
  const user = await signIn(page);
  const placed = await placeOrder(page, [PEPPER_LINE]);
  const digits = placed.id.replace('ORD-', '');
  await page.goto(`/track-order/${placed.id.toLowerCase()}`);
  await expect(page.getByLabel('Order ID')).toHaveValue(placed.id);
  await expect(page.getByRole('region', { name: `Order ${placed.id}` })).toContainText('Order Processing');

  await page.goto('/track-order');
  await page.getByLabel('Order ID').fill(` ${digits} `);
  await page.getByRole('button', { name: 'Track Order' }).click();
  await expect(page.getByRole('region', { name: `Order ${placed.id}` })).toContainText('Order Processing');
  await expect(page).toHaveURL(new RegExp(`/track-order/${placed.id}$`));

  // A guest, by the API, with the phone: `ord-…` and the digits alone are the same order.
  const guest = await browser.newContext();
  for (const id of [placed.id.toLowerCase(), digits, `Ord-${digits}`]) {
    const answer = await guest.request.get(`${new URL(page.url()).origin}/api/v1/orders/${id}`, {
      headers: { 'X-Order-Phone': user.phone },
    });
    expect(answer.status(), id).toBe(200);
    expect(((await answer.json()) as { order: { id: string } }).order.id).toBe(placed.id);
  }
  await guest.close();
});

test("a tracking number links to the carrier's own page for a carrier the shop knows", async ({ page }) => {
  await signIn(page);
  const known = await placeOrder(page, [PEPPER_LINE]);
  const other = await placeOrder(page, [PEPPER_LINE]);
  await merchant('orders', 'ship', known.id, '--carrier', 'royal mail', '--tracking', 'AB123456789GB');
  await merchant('orders', 'ship', other.id, '--carrier', "Joe's Vans", '--tracking', 'JV-42');

  await page.goto(`/track-order/${known.id}`);
  const shipped = page
    .getByRole('region', { name: `Order ${known.id}` })
    .getByRole('listitem')
    .nth(1);
  await expect(shipped).toContainText('On its way with royal mail, tracking number AB123456789GB');
  await expect(shipped.getByRole('link', { name: 'AB123456789GB' })).toHaveAttribute(
    'href',
    'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
  );

  await page.goto(`/track-order/${other.id}`);
  const unknown = page
    .getByRole('region', { name: `Order ${other.id}` })
    .getByRole('listitem')
    .nth(1);
  await expect(unknown).toContainText("On its way with Joe's Vans, tracking number JV-42");
  await expect(unknown.getByRole('link')).toHaveCount(0);
});

test('the timeline shows the steps still to come, and none once delivered', async ({ page }) => {
  const { delivered } = await shopperWithOrders(page);
  const processing = await placeOrder(page, [PEPPER_LINE]);
  await page.goto(`/track-order/${processing.id}`);
  const steps = page.getByRole('region', { name: `Order ${processing.id}` }).getByRole('listitem');
  await expect(steps).toHaveText([
    /Order Placed/,
    /^Shipped · still to come\s*We hand it to the carrier$/,
    /^Delivered · still to come\s*It reaches your door$/,
  ]);
  await expect(steps.first()).toHaveAttribute('aria-current', 'step');
  await page.goto(`/track-order/${delivered}`);
  const done = page.getByRole('region', { name: `Order ${delivered}` });
  await expect(done.getByRole('listitem').last()).toContainText('Delivered to your address');
  await expect(done.getByText('still to come')).toHaveCount(0);
});

test('a shopper whose session ended elsewhere is asked for the phone, never shown an old status', async ({
  page,
  context,
}) => {
  const user = await signIn(page);
  const placed = await placeOrder(page, [PEPPER_LINE]);
  await merchant('orders', 'ship', placed.id);
  // "Sign out of all devices" elsewhere: the shop forgets the session, this browser keeps its copy.
  await context.clearCookies();
  await page.goto(`/track-order/${placed.id}`);
  const phone = page.getByLabel('Phone number');
  await expect(phone).toBeFocused();
  await expect(page.getByRole('region', { name: `Order ${placed.id}` })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await phone.fill(user.phone);
  await page.getByRole('button', { name: 'Track Order' }).click();
  await expect(
    page.getByRole('region', { name: `Order ${placed.id}` }).getByRole('definition'),
  ).toContainText(['Shipped']);
});

test('typing an order id looks it up and names it in the address bar', async ({ page }) => {
  const { delivered } = await shopperWithOrders(page);
  await page.goto('/track-order');
  await page.getByLabel('Order ID').fill(`  ${delivered} `);
  await page.getByRole('button', { name: 'Track Order' }).click();
  const result = page.getByRole('region', { name: `Order ${delivered}` });
  await expect(result).toContainText('Delivered');
  await expect(page).toHaveURL(new RegExp(`/track-order/${delivered}$`));
  // Once delivered, the date is no longer an estimate, and not headed as one.
  await expect(result.getByRole('term')).toHaveText(['Order ID', 'Status', 'Delivery']);
  await expect(result.getByRole('definition').nth(-2)).toHaveText(/^Delivered on \w+ \d+, \d{4}$/);
});

test('an unknown order id is reported as not found, by path and by typing', async ({ page }) => {
  const { shipped } = await shopperWithOrders(page);
  await page.goto('/track-order/ORD-404');
  const result = page.getByRole('region', { name: 'Order ORD-404' });
  await expect(result.getByRole('definition')).toHaveText(['ORD-404', 'Not Found', 'N/A']);
  await expect(result.getByRole('status')).toHaveText(/^Order not found\s*Please check your order ID$/);
  // Not drawn as a dated step of a timeline.
  await expect(result.getByRole('listitem')).toHaveCount(0);
  await expect(result.locator('[aria-current]')).toHaveCount(0);

  await page.getByLabel('Order ID').fill(shipped);
  await page.getByRole('button', { name: 'Track Order' }).click();
  await expect(page.getByRole('region', { name: `Order ${shipped}` })).toContainText('Shipped');
});

test('an order id that looks like markup is shown as text', async ({ page }) => {
  page.on('dialog', (dialog) => {
    throw new Error(`a script ran: ${dialog.message()}`);
  });
  await signIn(page);
  const id = '<img src=x onerror=alert(1)></script><script>alert(2)</script>';
  await page.goto(`/track-order/${encodeURIComponent(id)}`);
  await expect(page.getByLabel('Order ID')).toHaveValue(id);
  await expect(
    page
      .getByRole('region', { name: `Order ${id}` })
      .getByRole('definition')
      .first(),
  ).toHaveText(id);
  await expect(page.locator('main img')).toHaveCount(0);
});

test('the delivery window counts business days from the order date, not from today', async ({ page }) => {
  const user = await signIn(page);
  await seedStorage(page, {
    orders: [order('ORD-1730000000004', 'processing', { date: 'May 14, 2026', userId: user.id })],
  });
  // The shop out of reach: the page reads this browser's copy of the order.
  await page.route('**/api/v1/orders/**', (route) => route.abort('internetdisconnected'));
  await page.clock.setFixedTime(new Date(2026, 11, 24, 12));
  await page.goto('/track-order/ORD-1730000000004');
  const result = page.getByRole('region', { name: 'Order ORD-1730000000004' });
  await expect(result.getByRole('definition').nth(2)).toHaveText('Between May 20, 2026 and May 25, 2026');
});

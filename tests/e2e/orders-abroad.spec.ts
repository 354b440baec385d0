// An order to another country keeps its country, and is promised the window the shipping page
// gives abroad, on every view: checkout before Place Order, the confirmation and My Orders,
// tracking, the shopper's messages, the back office and `npm run orders`.
import type { Page } from '@playwright/test';
import { deliveryWindow, formatLongDate } from '#src/lib/dates.ts';
import { confirmEmail, nationalPhone, payOnDelivery, saveAddress, signIn } from './account.ts';
import { CART, mainOverflow } from './account-data.ts';
import { expect, seedStorage, test } from './fixtures.ts';
import { merchant } from './merchant.ts';

const UK = 'United Kingdom';
const LONDON = {
  label: 'Flat',
  name: 'Olivia Hart',
  street: '10 Fennel Row',
  city: 'London',
  state: '',
  zip: 'SW1A 2AA',
  country: UK,
  phone: '+44 20 7946 0958',
};

/** "Between <date> and <date>" for an order to `country` placed at `placedAt`, days read in `timeZone`. */
function windowWords(placedAt: Date, country: string, timeZone?: string) {
  const { from, to } = deliveryWindow(placedAt, country !== 'United States');
  return `between ${formatLongDate(from, timeZone)} and ${formatLongDate(to, timeZone)}`;
}

const deliveryNote = (page: Page) =>
  page.getByRole('region', { name: 'Order Summary' }).getByText(/^Delivery to .+: between .+\.$/);

test('a UK order end to end: its country and window at checkout, on My Orders, tracking, the messages, the back office and npm run orders', async ({
  page,
}) => {
  test.slow(); // Checkout, My Orders, tracking, two back-office pages and three commands.
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await signIn(page, { name: 'Olivia Hart', email: 'olivia@example.com' });
  await confirmEmail(user);
  await seedStorage(page, { cart: CART });
  await page.goto('/checkout');

  // A first checkout: the form is open. The country chosen names the postal fields as the UK does.
  await page.getByLabel('Country').selectOption(UK);
  await page.getByLabel('Street Address').fill(LONDON.street);
  await page.getByLabel('City').fill(LONDON.city);
  await page.getByLabel('Postcode', { exact: true }).fill(LONDON.zip);
  await page.getByLabel('Phone').fill(LONDON.phone);
  await page.getByRole('button', { name: 'Save Address' }).click();
  const chosen = page.getByRole('radio', { name: /Olivia Hart/ });
  await expect(chosen).toBeChecked();
  await expect(chosen).toHaveAccessibleName(
    /10 Fennel Row.*London, SW1A 2AA.*United Kingdom.*\+44 20 7946 0958/,
  );

  // Before Place Order: the window abroad, 8 to 16 business days from today.
  const promised = windowWords(new Date(), UK);
  const note = deliveryNote(page);
  await expect(note).toHaveText(`Delivery to ${UK}: ${promised}.`);
  const [noteBox, buttonBox] = [
    await note.boundingBox(),
    await page.getByRole('button', { name: 'Place Order' }).boundingBox(),
  ];
  expect(noteBox && buttonBox && noteBox.y + noteBox.height <= buttonBox.y).toBe(true);
  await payOnDelivery(page);
  await page.getByRole('button', { name: 'Place Order' }).click();

  // The confirmation on My Orders: where it goes, and when.
  await expect(page).toHaveURL(/\/my-orders$/);
  const placed = page.getByRole('article');
  const orderId = (await placed.getByRole('heading', { level: 2 }).textContent()) ?? '';
  expect(orderId).toMatch(/^ORD-\d{12}$/);
  await expect(placed.getByText(`Ships to ${UK}`)).toBeVisible();
  await expect(placed.getByRole('status')).toContainText(`We expect it at your door ${promised}`);
  await expect(placed.getByRole('region', { name: 'Delivery address' })).toContainText(
    /Olivia Hart.*10 Fennel Row.*London, SW1A 2AA.*United Kingdom.*\+44 20 7946 0958/,
  );

  // Tracking says where it goes, and the same window.
  await placed.getByRole('link', { name: 'Track Order' }).click();
  const tracked = page.getByRole('region', { name: `Order ${orderId}` });
  await expect(tracked.getByRole('definition').nth(3)).toHaveText(promised.replace(/^b/, 'B'));
  await expect(tracked.getByRole('definition').nth(4)).toHaveText(`To ${UK}`);

  // The server writes its days in UTC, counted from when the order was stored.
  const answer = await page.request.get(`/api/v1/orders/${orderId}`);
  const { order } = (await answer.json()) as { order: { placedAt: string; country: string } };
  expect(order.country).toBe(UK);
  const promisedByShop = windowWords(new Date(order.placedAt), UK, 'UTC');

  // The messages: the text and the email say where and when; the email names the address.
  const outbox = await merchant('outbox', '200');
  const aboutOrder = outbox.split(/\n(?=\S)/).filter((entry) => entry.includes(orderId));
  expect(aboutOrder.some((entry) => entry.includes(' sms '))).toBe(true);
  expect(aboutOrder.some((entry) => entry.includes(' email '))).toBe(true);
  for (const entry of aboutOrder.filter((text) => /order-placed/.test(text))) {
    expect(entry.replace(/\s+/g, ' ')).toContain(`Delivery to London, the ${UK}, ${promisedByShop}.`);
  }
  expect(outbox).toContain(
    `Deliver to: Olivia Hart, 10 Fennel Row, London, SW1A 2AA, ${UK}, +44 20 7946 0958`,
  );

  // `npm run orders`: the list names the country, and the order its address and window.
  const listed = (await merchant('orders', '500')).split('\n').find((line) => line.startsWith(orderId));
  expect(listed).toContain(nationalPhone(user.phone));
  expect(listed).toMatch(/processing\s+United Kingdom\s+Pay on delivery/);
  const shown = await merchant('orders', 'show', orderId);
  expect(shown).toContain(`Deliver  Olivia Hart, 10 Fennel Row, London, SW1A 2AA, ${UK}, +44 20 7946 0958`);
  expect(shown).toContain(`Window   ${promisedByShop}`);

  // The back office: the list and the order's page.
  expect(await merchant('merchants', 'add', user.phone)).toContain('is now a merchant');
  await page.goto(`/admin/orders?q=${orderId}`);
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('link')).toContainText(
    `Olivia Hart, London, ${UK}`,
  );
  await page.goto(`/admin/orders/${orderId}`);
  const deliverTo = page.getByRole('region', { name: 'Deliver to' });
  await expect(deliverTo.locator('address')).toContainText(
    /London, SW1A 2AA\s*United Kingdom\s*\+44 20 7946 0958/,
  );
  await expect(deliverTo.locator('[data-window]')).toHaveText(`Promised ${promisedByShop} (${UK})`);
  await expect(page.getByRole('region', { name: 'Messages sent' })).toContainText(
    `Delivery to London, the ${UK}`,
  );
});

test('on a phone, checkout says the window abroad before Place Order and My Orders where the order goes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await signIn(page, { name: 'Olivia Hart' });
  await saveAddress(page, user, LONDON);
  await seedStorage(page, { cart: CART });
  await page.goto('/checkout');
  const note = deliveryNote(page);
  await expect(note).toHaveText(`Delivery to ${UK}: ${windowWords(new Date(), UK)}.`);
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  expect(await mainOverflow(page)).toBe(0);

  // Another address at home: the window follows the chosen destination.
  await saveAddress(page, user, {
    ...LONDON,
    label: 'Office',
    city: 'Austin',
    country: 'United States',
    zip: '78701',
    phone: '',
  });
  await page.reload();
  await page.getByRole('radio', { name: /Austin/ }).check();
  await expect(note).toHaveText(`Delivery to United States: ${windowWords(new Date(), 'United States')}.`);
  await page.getByRole('radio', { name: /London/ }).check();
  await payOnDelivery(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByRole('article').getByText(`Ships to ${UK}`)).toBeVisible();
  expect(await mainOverflow(page)).toBe(0);
});

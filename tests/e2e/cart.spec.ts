import type { Page } from '@playwright/test';
import {
  blockStorageWrites,
  expect,
  openHydrated,
  readStorage,
  seedStorage,
  test,
  toastNamed,
} from './fixtures.ts';
import { PIXEL } from '../support/shopData.ts';

const SAFFRON = {
  id: 'kashmiri-saffron:1 g',
  productId: 'kashmiri-saffron',
  pack: '1 g',
  name: 'Kashmiri Saffron (1 g)',
  price: 14.99,
  image: PIXEL,
};
const CARDAMOM = {
  id: 'green-cardamom:100 g',
  productId: 'green-cardamom',
  pack: '100 g',
  name: 'Green Cardamom (100 g)',
  price: 8.1,
  image: PIXEL,
};
const PAPRIKA = {
  id: 'smoked-paprika:50 g',
  productId: 'smoked-paprika',
  pack: '50 g',
  name: 'Smoked Paprika (50 g)',
  price: 6.35,
  image: PIXEL,
};

/** Three lines: 3 × $14.99 + 7 × $8.10 + 2 × $6.35 = $44.97 + $56.70 + $12.70 = $114.37. */
const FILLED_CART = [
  { ...SAFFRON, quantity: 3 },
  { ...CARDAMOM, quantity: 7 },
  { ...PAPRIKA, quantity: 2 },
];

type Line = { id: string; quantity: number };

async function openCart(page: Page, cart: unknown[]) {
  await seedStorage(page, { cart });
  await openHydrated(page, '/cart');
}

const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });
const line = (page: Page, name: string) => page.getByRole('listitem', { name });

/** The amount a summary row shows, read from the `dd` that follows its `dt`. */
function summaryValue(page: Page, term: string) {
  return summary(page)
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

test('an empty cart says so and leads to the products', async ({ page }) => {
  await openHydrated(page, '/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
  await expect(summary(page)).toHaveCount(0);
});

test('each line shows its image, name, unit price, quantity and line total', async ({ page }) => {
  await openCart(page, FILLED_CART);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(3);

  const saffron = line(page, SAFFRON.name);
  await expect(saffron.locator('img')).toHaveAttribute('src', PIXEL);
  await expect(saffron.getByRole('heading', { name: SAFFRON.name })).toBeVisible();
  await expect(saffron.getByText('$14.99 each')).toBeVisible();
  await expect(saffron.getByRole('status', { name: `Quantity of ${SAFFRON.name}` })).toHaveText('3');
  await expect(saffron.getByText('Line total $44.97')).toBeVisible();
  await expect(line(page, CARDAMOM.name).getByText('Line total $56.70')).toBeVisible();
  await expect(line(page, PAPRIKA.name).getByText('Line total $12.70')).toBeVisible();
});

test('the summary adds the lines to the cent, with free shipping, and leads on', async ({ page }) => {
  await openCart(page, FILLED_CART);
  await expect(summaryValue(page, 'Subtotal')).toHaveText('$114.37');
  await expect(summaryValue(page, 'Shipping')).toHaveText('Free');
  await expect(summaryValue(page, 'Total')).toHaveText('$114.37');
  await expect(summary(page).getByText('12 items')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
});

test('plus and minus change a line by one and every total follows', async ({ page }) => {
  await openCart(page, FILLED_CART);
  const paprika = line(page, PAPRIKA.name);
  await paprika.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(paprika.getByText('Line total $19.05')).toBeVisible();
  await expect(summaryValue(page, 'Total')).toHaveText('$120.72');

  const saffron = line(page, SAFFRON.name);
  await saffron.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(saffron.getByText('Line total $29.98')).toBeVisible();
  await expect(summaryValue(page, 'Subtotal')).toHaveText('$105.73');
  await expect(summaryValue(page, 'Total')).toHaveText('$105.73');
  await expect(summary(page).getByText('12 items')).toBeVisible();

  const stored = await readStorage<Line[]>(page, 'cart');
  expect(stored?.map(({ id, quantity }) => ({ id, quantity }))).toEqual([
    { id: SAFFRON.id, quantity: 2 },
    { id: CARDAMOM.id, quantity: 7 },
    { id: PAPRIKA.id, quantity: 3 },
  ]);
});

test('amounts that drift in floating point still add up exactly', async ({ page }) => {
  await openCart(page, [
    { ...SAFFRON, price: 0.1, quantity: 3 },
    { ...CARDAMOM, price: 0.2, quantity: 1 },
    { ...PAPRIKA, price: 1.005, quantity: 1 },
  ]);
  await expect(line(page, SAFFRON.name).getByText('Line total $0.30')).toBeVisible();
  await expect(summaryValue(page, 'Total')).toHaveText('$1.51');
});

test('minus at quantity 1 removes the line', async ({ page }) => {
  await openCart(page, [
    { ...SAFFRON, quantity: 1 },
    { ...CARDAMOM, quantity: 2 },
  ]);
  await line(page, SAFFRON.name).getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(line(page, SAFFRON.name)).toHaveCount(0);
  await expect(summaryValue(page, 'Total')).toHaveText('$16.20');
  expect((await readStorage<Line[]>(page, 'cart'))?.map((l) => l.id)).toEqual([CARDAMOM.id]);
});

test('removing the last line leaves the empty cart', async ({ page }) => {
  await openCart(page, [{ ...PAPRIKA, quantity: 4 }]);
  await page.getByRole('button', { name: `Remove ${PAPRIKA.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  expect(await readStorage(page, 'cart')).toEqual([]);
});

test('a line whose product left the catalogue still shows and can be removed', async ({ page }) => {
  const retired = {
    id: 'retired-blend:250 g',
    name: 'Retired Blend (250 g)',
    price: 9.5,
    image: '/gone.webp',
  };
  await openCart(page, [
    { ...retired, quantity: 2 },
    { ...SAFFRON, quantity: 1 },
  ]);
  const gone = line(page, retired.name);
  await expect(gone.getByText('No longer in our catalogue')).toBeVisible();
  await expect(gone.getByRole('link')).toHaveCount(0);
  await expect(gone.getByText('Line total $19.00')).toBeVisible();
  await gone.getByRole('button', { name: `Remove ${retired.name}` }).click();
  await expect(gone).toHaveCount(0);
  await expect(summaryValue(page, 'Total')).toHaveText('$14.99');
});

test('while the shop cannot be reached, every line still shows as stored, linked to its product', async ({
  page,
}) => {
  await page.route('**/api/v1/product/today?*', (route) => route.abort('internetdisconnected'));
  await openCart(page, FILLED_CART);
  for (const stored of FILLED_CART) {
    await expect(line(page, stored.name).getByRole('link')).toHaveAttribute(
      'href',
      `/products/${stored.id.split(':')[0]}`,
    );
  }
  await expect(page.getByText('No longer in our catalogue')).toHaveCount(0);
});

test("the cart asks the shop about its lines' products only, once", async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/product/today') asked.push(url.searchParams.get('ids') ?? '');
  });
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/product/today',
  );
  await openCart(page, FILLED_CART);
  expect((await answered).status()).toBe(200);
  const saffron = line(page, SAFFRON.name);
  await saffron.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(saffron.getByLabel(`Quantity of ${SAFFRON.name}`)).toHaveText('4');
  expect(asked.map((ids) => ids.split(',').sort())).toEqual([
    FILLED_CART.map((stored) => stored.id.split(':')[0]).sort(),
  ]);
});

test('a saved cart renders without hydration warnings, and the empty state the server sends stays hidden', async ({
  page,
  request,
}) => {
  // The server sends the empty state once, in the placeholder slot the page shows before first
  // paint only when nothing is stored (hydration.spec.ts holds that).
  const html = await (await request.get('/cart')).text();
  expect(html.match(/Your cart is empty/g)).toHaveLength(1);
  expect(html).toMatch(/data-show-when="empty"[^<]*<div[^>]*>[^]*?Your cart is empty/);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) warnings.push(message.text());
  });
  await openCart(page, FILLED_CART);
  await expect(summaryValue(page, 'Total')).toHaveText('$114.37');
  await expect(page.getByText('Your cart is empty')).toHaveCount(0);
  expect(warnings.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
});

test('when storage refuses a change the shopper is told and the page keeps working', async ({ page }) => {
  await seedStorage(page, { cart: [{ ...SAFFRON, quantity: 1 }] });
  await blockStorageWrites(page);
  await openHydrated(page, '/cart');
  const saffron = line(page, SAFFRON.name);
  await saffron.getByRole('button', { name: 'Increase quantity' }).click();
  const warning = toastNamed(page, "Couldn't save your cart on this device");
  await expect(warning).toBeVisible();
  await expect(warning).toHaveAttribute('data-type', 'error');
  await expect(saffron.getByText('Line total $29.98')).toBeVisible();
  await expect(summaryValue(page, 'Total')).toHaveText('$29.98');
});

// Live stock in the browser: the merchant's counts reach static pages without a rebuild, a sold-out
// pack cannot be bought, checkout flags a line that sold out, and a shopper can ask to hear when a
// pack is back. Each test counts a pack no other test buys (the live read is kept a minute, so
// each test reads it once, in its own browser context).
import type { Page } from '@playwright/test';
import { createStore } from '#src/server/store/index.ts';
import { freshPhone, signIn } from './account.ts';
import { expect, seedStorage, test, toastNamed, workerDataDir } from './fixtures.ts';
import { merchant } from './merchant.ts';

/** A pack-size radio of the product page, by its pack. */
const packChoice = (page: Page, pack: string) => page.locator(`input[name="pack-size"][value="${pack}"]`);

test('a pack counted at 3 says "Only 3 left" on its product page', async ({ page }) => {
  await merchant('stock', 'set', 'berbere', '150 g', '3');
  await page.goto('/products/berbere');
  await packChoice(page, '150 g').check();
  await expect(page.locator('[data-stock-for="berbere"]')).toHaveAttribute('data-note', 'Only 3 left');
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
});

test('cards on home and the lists show the live count of the pack they price, and name a pack sold out', async ({
  page,
}) => {
  await merchant('stock', 'set', 'greek-oregano', '30 g', '2');
  await merchant('stock', 'set', 'kasuri-methi', '50 g', '0');
  const note = (id: string) => page.locator(`li[data-product-id="${id}"] [data-stock-for]`);
  await page.goto('/');
  await expect(note('greek-oregano')).toHaveAttribute('data-note', 'Only 2 left');
  await page.goto('/best-sellers');
  // Its other pack still sells: the card says which is out, not that the product is.
  await expect(note('kasuri-methi')).toHaveAttribute('data-note', '50 g sold out');
  await expect(note('kasuri-methi')).toBeVisible();
});

test('a product its Markdown calls sold out opens on the pack the merchant counts in', async ({ page }) => {
  await merchant('stock', 'set', 'black-mustard-seeds', '250 g', '4');
  await page.goto('/products/black-mustard-seeds');
  await expect(packChoice(page, '250 g')).toBeChecked();
  await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
  const backSoon = page.getByText('Back soon: this harvest has sold out.');
  await expect(backSoon).toBeHidden();
  await expect(page.locator('[data-stock-for="black-mustard-seeds"]')).toHaveAttribute(
    'data-note',
    'Only 4 left',
  );
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  // Its other pack, never counted, is sold out as its Markdown says.
  await packChoice(page, '100 g').check();
  await expect(page.getByText('Out of Stock', { exact: true }).first()).toBeVisible();
  await expect(backSoon).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});

test('a pack counted at 0 is Sold out, with Add to Cart and Buy Now disabled', async ({ page }) => {
  await merchant('stock', 'set', 'chaat-masala', '200 g', '0');
  await page.goto('/products/chaat-masala');
  await packChoice(page, '200 g').check();
  await expect(page.locator('[data-stock-for="chaat-masala"]')).toHaveAttribute('data-note', 'Sold out');
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  await expect(page.getByText('Back soon: this harvest has sold out.')).toBeVisible();
  await packChoice(page, '100 g').check();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
});

test('"In stock only" follows the counts: a product counted out is left out, one counted in is listed', async ({
  page,
}) => {
  // Sold out in its Markdown, 10 counted of its second pack; in stock in its Markdown, both counted out.
  await merchant('stock', 'set', 'ceylon-cinnamon', '100 g', '10');
  await merchant('stock', 'set', 'ras-el-hanout', '50 g', '0');
  await merchant('stock', 'set', 'ras-el-hanout', '100 g', '0');
  const card = (title: string) => page.locator('#catalogue-grid > li').filter({ hasText: title });

  // As the server renders the address (each search its own page, so no other test's is reused).
  await page.goto('/products?q=ceylon+cinnamon&stock=in');
  await expect(card('Ceylon Cinnamon Quills')).toHaveCount(1);
  await expect(card('Ceylon Cinnamon Quills').getByText('Out of Stock')).toHaveCount(0);
  await page.goto('/products?q=ras+el+hanout&stock=in');
  await expect(card('Ras el Hanout')).toHaveCount(0);
  await page.goto('/products?q=ras+el+hanout');
  await expect(card('Ras el Hanout').getByText('Out of Stock')).toBeVisible();

  // As the island filters, from the catalogue's index.
  await page.goto('/products');
  await page.getByRole('switch', { name: 'In stock only' }).check();
  await expect(page).toHaveURL('/products?stock=in');
  const search = page.getByPlaceholder('Search products...');
  await search.fill('ceylon cinnamon');
  await expect(card('Ceylon Cinnamon Quills')).toHaveCount(1);
  await search.fill('ras el hanout');
  await expect(page.getByRole('status')).toHaveText('0 products');
});

test('checkout flags a cart line whose pack sold out since it was added', async ({ page }) => {
  await signIn(page);
  await merchant('stock', 'set', 'chaat-masala', '200 g', '0');
  await seedStorage(page, {
    cart: [
      {
        id: 'chaat-masala:200 g',
        name: 'Chaat Masala (200 g)',
        price: 10,
        image: '/favicon.svg',
        quantity: 1,
      },
    ],
  });
  await page.goto('/checkout');
  await expect(page.locator('.stock-note[data-note="Sold out since you added it"]')).toBeVisible();
});

test('a line sold out since it was added is left out of the cart and checkout totals, and says so', async ({
  page,
}) => {
  await signIn(page);
  // The pack the checkout test above sells out too; a pack in stock elsewhere is other tests' to buy.
  await merchant('stock', 'set', 'chaat-masala', '200 g', '0');
  const line = (productId: string, pack: string, price: number, quantity: number) => ({
    id: `${productId}:${pack}`,
    productId,
    pack,
    name: `${productId} (${pack})`,
    price,
    image: '/favicon.svg',
    quantity,
  });
  await seedStorage(page, {
    cart: [line('chaat-masala', '200 g', 9.5, 1), line('chaat-masala', '100 g', 5.5, 2)],
  });
  const summary = page.getByRole('region', { name: 'Order Summary' });
  const subtotal = summary.getByRole('definition').first();

  await page.goto('/cart');
  await expect(page.locator('.stock-note[data-note="Sold out since you added it"]')).toBeVisible();
  await expect(subtotal).toHaveText('$11.00');
  await expect(summary.getByText('2 items', { exact: true })).toBeVisible();
  await expect(summary.getByText('A sold-out item is not counted in the total.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'chaat-masala (200 g)' })).toHaveCount(1);

  await page.goto('/checkout');
  await expect(subtotal).toHaveText('$11.00');
  await expect(summary.getByText('A sold-out item is not counted in the total.')).toBeVisible();
});

test('"Tell me when it\'s back" on a sold-out pack, then a restock, queues one text', async ({ page }) => {
  const user = await signIn(page);
  await merchant('stock', 'set', 'coriander-seeds', '250 g', '0');
  await page.goto('/products/coriander-seeds');
  await packChoice(page, '250 g').check();
  const ask = page.getByRole('button', { name: "Tell me when it's back" });
  await ask.click();
  await expect(page.getByText("We'll text you when it's back").first()).toBeVisible();
  await expect(page.getByRole('button', { name: /We'll text you/ })).toHaveAttribute('aria-pressed', 'true');

  expect(await merchant('stock', 'add', 'coriander-seeds', '250 g', '5')).toMatch(
    /1 back-in-stock text queued/,
  );
  const store = createStore({ dataDir: workerDataDir() });
  try {
    const texts = async () =>
      (await store.recentOutbox(200)).filter(
        (text) => text.kind === 'back-in-stock' && text.recipient === user.phone,
      );
    // Queued with the count, then sent by the server's outbox: once.
    await expect
      .poll(async () => (await texts()).map((text) => [text.state, text.channel]))
      .toEqual([['sent', 'sms']]);
    expect((await texts())[0]?.body).toContain('/products/coriander-seeds');
  } finally {
    await store.close();
  }
});

test('signed out, "Tell me when it\'s back" sends the shopper to sign in, and the request is made then', async ({
  page,
}) => {
  await merchant('stock', 'set', 'coriander-seeds', '250 g', '0');
  await page.goto('/products/coriander-seeds');
  await packChoice(page, '250 g').check();
  await page.getByRole('button', { name: "Tell me when it's back" }).click();
  await expect(page).toHaveURL(/\/auth\?.*products%2Fcoriander-seeds/);

  await page.getByLabel('Phone number').fill(freshPhone());
  await page.getByRole('button', { name: 'Send OTP' }).click();
  // The sixth digit submits the code.
  await page.getByLabel('Six-digit code').fill('123456');
  await page.waitForURL(/\/products\/coriander-seeds$/);
  await expect(toastNamed(page, 'Welcome!')).toContainText("We'll text you when it's back");
  const asked = (await (await page.request.get('/api/v1/stock/alerts')).json()) as { requests: unknown[] };
  expect(asked.requests).toEqual([expect.objectContaining({ productId: 'coriander-seeds', pack: '250 g' })]);
});

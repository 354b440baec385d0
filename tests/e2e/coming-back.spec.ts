// Reasons to come back, as a shopper meets them: buy again, recently viewed, a discount code and a
// gift note. Lucknowi Fennel's 250 g is this file's to sell out; no other test counts it.
import type { Browser, Page } from '@playwright/test';
import { onCheckout, payOnDelivery, placeOrder, signIn } from './account.ts';
import { CART, HOME } from './account-data.ts';
import { hydrated } from './catalogue.helpers.ts';
import { expect, readStorage, scrollIntoStyledView, seedStorage, test, toastNamed } from './fixtures.ts';
import { merchant } from './merchant.ts';

/** A code no other test has made: the worker's database keeps codes between tests. */
const newCode = (stem: string) => `${stem}${process.pid}${Math.floor(Math.random() * 1e6)}`;

test('Buy again puts a past order back in the cart at today’s prices and names the pack since sold out', async ({
  page,
}) => {
  await signIn(page, { name: HOME.name });
  const order = await placeOrder(page, [
    { productId: 'tellicherry-black-pepper', pack: '100 g', quantity: 2 },
    { productId: 'lucknowi-fennel', pack: '250 g', quantity: 1 },
  ]);
  await merchant('stock', 'set', 'lucknowi-fennel', '250 g', '0');
  try {
    await page.goto('/my-orders');
    await hydrated(page, 'MyOrders');
    const card = page.getByRole('article', { name: `Order ${order.id}` });
    await card.getByRole('button', { name: 'Buy again' }).click();

    await expect(page).toHaveURL(/\/cart$/);
    await expect(toastNamed(page, "Added 2 items to your cart at today's prices")).toContainText(
      'Lucknowi Fennel (250 g) is sold out.',
    );
    const cart = await readStorage<{ id: string; quantity: number; price: number; image: string }[]>(
      page,
      'cart',
    );
    expect(cart?.map(({ id, quantity, price }) => [id, quantity, price])).toEqual([
      ['tellicherry-black-pepper:100 g', 2, 8.5],
    ]);
    // The line shows the product's own small picture, as one added from its page does.
    expect(cart?.[0]?.image).toMatch(/^\/_astro\/.+\.webp$/);
    await expect(page.getByRole('main').getByText('Tellicherry Black Pepper (100 g)')).toBeVisible();
  } finally {
    await merchant('stock', 'set', 'lucknowi-fennel', '250 g', '40');
  }
});

test('Recently viewed: the products opened last, newest first, on product pages (not the one on screen) and the cart', async ({
  page,
}) => {
  const indexAsked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/products/index.json') indexAsked.push(request.url());
  });
  for (const id of ['star-anise', 'smoked-paprika', 'green-cardamom']) {
    await page.goto(`/products/${id}`);
    await expect.poll(() => readStorage<string[]>(page, 'recentlyViewed')).toContain(id);
  }
  expect(await readStorage(page, 'recentlyViewed')).toEqual([
    'green-cardamom',
    'smoked-paprika',
    'star-anise',
  ]);
  // Nothing is asked for it while the shopper is at the top of the page.
  await page.waitForLoadState('networkidle');
  expect(indexAsked).toEqual([]);

  const recent = page.getByRole('list', { name: 'Recently viewed' });
  await scrollIntoStyledView(page.getByRole('contentinfo'));
  await expect(recent.getByRole('link')).toHaveText(['Smoked Paprika', 'Star Anise']);
  expect(indexAsked.length).toBeGreaterThan(0);
  await recent.getByRole('link', { name: 'Star Anise' }).click();
  await expect(page).toHaveURL(/\/products\/star-anise$/);
  await expect
    .poll(() => readStorage<string[]>(page, 'recentlyViewed'))
    .toEqual(['star-anise', 'green-cardamom', 'smoked-paprika']);

  await page.goto('/cart');
  await scrollIntoStyledView(page.getByRole('contentinfo'));
  await expect(page.getByRole('list', { name: 'Recently viewed' }).getByRole('link')).toHaveText([
    'Star Anise',
    'Green Cardamom',
    'Smoked Paprika',
  ]);
});

/** A new shopper with a saved address and `cart`, on checkout, paying on delivery. */
async function atCheckout(page: Page, cart: unknown[] = CART) {
  await onCheckout(page, cart);
  await payOnDelivery(page);
}

async function applyCode(page: Page, code: string) {
  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });

test('A discount code: applied in any case with the discount and new total, placed with the order, refused the second time', async ({
  page,
}) => {
  const code = newCode('TEN');
  expect(await merchant('discounts', 'add', code, '--percent', '10', '--per-account', '1')).toContain(
    `Added ${code}: 10% off`,
  );
  await atCheckout(page);

  await applyCode(page, 'NOSUCHCODE');
  await expect(page.getByRole('alert')).toHaveText(
    'There is no discount code NOSUCHCODE: check how it is spelt.',
  );
  await applyCode(page, code.toLowerCase());
  await expect(summary(page).getByRole('status')).toContainText(`${code} applied: 10% off`);
  await expect(summary(page).getByText(`Discount ${code}`)).toBeVisible();
  await expect(summary(page).getByText('−$3.65')).toBeVisible();
  await expect(summary(page).locator('[data-order-total]')).toHaveText('$32.85');

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const card = page.getByRole('article', { name: /^Order ORD-/ }).first();
  await expect(card.getByText('$32.85').first()).toBeVisible();
  await expect(card.getByText(`Discount (${code})`)).toBeVisible();

  // The same account, another order: the code was one use per customer.
  await seedStorage(page, { cart: CART });
  await page.goto('/checkout');
  await hydrated(page, 'CheckoutPage');
  await applyCode(page, code);
  await expect(page.getByRole('alert')).toHaveText(
    `You have already used the code ${code}: it is one use per customer.`,
  );
  await expect(summary(page).locator('[data-order-total]')).toHaveText('$36.50');
  expect(await merchant('discounts')).toMatch(
    new RegExp(`${code}\\s+live\\s+10% off, 1 used, 1 per customer`),
  );
});

test('A code used up meanwhile is refused at Place Order with why, and nothing is placed', async ({
  page,
}) => {
  const code = newCode('LAST');
  await merchant('discounts', 'add', code, '--amount', '5', '--uses', '1');
  await atCheckout(page);
  await applyCode(page, code);
  await expect(summary(page).locator('[data-order-total]')).toHaveText('$31.50');
  // Another shopper places the code's one use first.
  const other = await page.context().browser()?.newPage();
  if (!other) throw new Error('no second page');
  await signIn(other);
  const items = [{ productId: 'tellicherry-black-pepper', pack: '100 g', quantity: 1 }];
  const placed = await other.request.post('/api/v1/orders', {
    data: { items, address: { name: 'B', street: '1 St', city: 'Pune' }, total: 3.5, discountCode: code },
    headers: { 'Idempotency-Key': `test-${crypto.randomUUID()}` },
  });
  expect(placed.status()).toBe(201);
  await other.close();

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    `The code ${code} has been used as often as it allows: it is used up.`,
  );
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(summary(page).locator('[data-order-total]')).toHaveText('$36.50');
  expect(await readStorage<unknown[]>(page, 'cart')).toHaveLength(2);
});

async function merchantPage(browser: Browser): Promise<Page> {
  const office = await browser.newPage();
  const user = await signIn(office, { name: 'Meera Merchant' });
  await merchant('merchants', 'add', user.phone);
  return office;
}

test('A gift note travels with the order: on My Orders, in the placed text, and on a packing slip without prices', async ({
  page,
  browser,
}) => {
  await atCheckout(page, [CART[1]]);
  await page.getByRole('checkbox', { name: 'This is a gift' }).check();
  const note = 'Happy birthday, Mira! Cook something wonderful.';
  await page.getByLabel('Gift note').fill(note);
  await expect(page.getByText(`${300 - note.length} characters left.`)).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const card = page.getByRole('article', { name: /^Order ORD-/ }).first();
  await expect(card.getByRole('region', { name: 'Gift note' })).toContainText(note);
  const id = ((await card.getAttribute('aria-label')) ?? '').replace('Order ', '');
  await expect.poll(() => merchant('outbox', '200')).toContain(`A gift, with your note: “${note}”`);
  expect(await merchant('orders', 'show', id)).toContain(`Gift     note (as the shopper wrote it): ${note}`);

  const office = await merchantPage(browser);
  await office.goto(`/admin/orders/${id}`);
  await expect(office.locator('[data-gift-note]')).toContainText(note);
  await office.goto(`/admin/orders/${id}/slip`);
  await expect(office.getByRole('heading', { name: 'A gift for you' })).toBeVisible();
  await expect(office.getByText(note)).toBeVisible();
  await expect(office.getByRole('cell', { name: 'Tellicherry Black Pepper (100 g)' })).toBeVisible();
  await expect(office.locator('main')).not.toContainText('$');
  await office.close();
});

test('The back office makes and disables codes, recorded as the merchant’s', async ({ browser }) => {
  const office = await merchantPage(browser);
  const code = newCode('OFFICE');
  await office.goto('/admin/discounts');
  await office.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await office.getByLabel('or amount off ($)').fill('5');
  await office.getByLabel('Minimum subtotal ($)').fill('30');
  await office.getByRole('button', { name: 'Add code' }).click();
  await expect(office.getByRole('status')).toHaveText(
    `Added ${code}: $5.00 off, subtotal at least $30.00, 0 used.`,
  );
  const row = office.getByRole('listitem', { name: `Code ${code}` });
  await expect(row.locator('[data-state]')).toHaveText('live');
  await row.getByRole('button', { name: `Disable ${code}` }).click();
  await expect(office.getByRole('status')).toHaveText(`${code} is disabled: shoppers can no longer use it.`);
  await expect(office.getByRole('listitem', { name: `Code ${code}` }).locator('[data-state]')).toHaveText(
    'disabled',
  );
  expect(await merchant('merchants', 'log', '5')).toMatch(new RegExp(`disable discount\\s+discount:${code}`));
  // An API client's wrong codes are refused with why, and nothing is made.
  const both = await office.request.post('/api/v1/admin/discounts', {
    data: { action: 'add', code: `${code}X`, percent: 10, amount: 5 },
  });
  expect(both.status()).toBe(400);
  expect(await both.json()).toEqual({
    success: false,
    message: 'Give either a percent or an amount off, not both.',
  });
  const nameless = await office.request.post('/api/v1/admin/discounts', {
    data: { action: 'add', code: 'x' },
  });
  expect(nameless.status()).toBe(400);
  await office.close();
});

test('The orders API takes a discount code and a gift note, and refuses each wrong one with why', async ({
  page,
}) => {
  const code = newCode('API');
  await merchant('discounts', 'add', code, '--amount', '2.5', '--min', '10');
  await signIn(page);
  const items = [{ productId: 'tellicherry-black-pepper', pack: '100 g', quantity: 1 }];
  const address = { name: 'Asha Rao', street: '1 Main St', city: 'Pune' };
  const send = (data: Record<string, unknown>) =>
    page.request.post('/api/v1/orders', {
      data: { items, address, ...data },
      headers: { 'Idempotency-Key': `test-${crypto.randomUUID()}` },
    });
  const refusal = async (data: Record<string, unknown>) => {
    const answer = await send(data);
    return [answer.status(), (await answer.json()) as unknown];
  };

  expect(await refusal({ total: 8.5, discountCode: 'NOPE-NOPE' })).toEqual([
    422,
    {
      success: false,
      message: 'There is no discount code NOPE-NOPE: check how it is spelt.',
      field: 'discountCode',
    },
  ]);
  expect(await refusal({ total: 8.5, discountCode: code })).toEqual([
    422,
    {
      success: false,
      message: `The code ${code} needs a subtotal of $10.00: add $1.50 more.`,
      field: 'discountCode',
    },
  ]);
  expect(await refusal({ total: 8.5, gift: { note: 'x'.repeat(301) } })).toEqual([
    400,
    { success: false, message: 'Gift note must be at most 300 characters.' },
  ]);
  expect(await refusal({ total: 8.5, gift: 'yes' })).toEqual([
    400,
    { success: false, message: 'Gift must be an object with an optional note.' },
  ]);

  const twoBags = [{ productId: 'tellicherry-black-pepper', pack: '100 g', quantity: 2 }];
  const placed = await page.request.post('/api/v1/orders', {
    data: {
      items: twoBags,
      address,
      total: 14.5,
      discountCode: code.toLowerCase(),
      gift: { note: 'For you' },
    },
    headers: { 'Idempotency-Key': `test-${crypto.randomUUID()}` },
  });
  expect(placed.status()).toBe(201);
  const { order } = (await placed.json()) as { order: Record<string, unknown> };
  expect(order).toMatchObject({
    total: 14.5,
    discount: { code, amount: 2.5 },
    gift: { note: 'For you' },
    items: [{ productId: 'tellicherry-black-pepper', pack: '100 g', quantity: 2, price: 8.5 }],
  });
  const read = await page.request.get(`/api/v1/orders/${String(order['id'])}`);
  expect(await read.json()).toMatchObject({
    order: { discount: { code, amount: 2.5 }, gift: { note: 'For you' } },
  });

  const checked = await page.request.post('/api/v1/discounts/check', { data: { code, items: twoBags } });
  expect(await checked.json()).toEqual({
    success: true,
    discount: { code, amountOff: 2.5, minSubtotal: 10, subtotal: 17, amount: 2.5, total: 14.5 },
  });
  expect((await page.request.get('/api/v1/discounts/check')).status()).toBe(405);
});

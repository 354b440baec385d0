import type { Page } from '@playwright/test';
import { onCheckout, signIn } from './account.ts';
import { test, expect } from './fixtures.ts';
import { CART, HOME } from './account-data.ts';
import { merchant } from './merchant.ts';

/** A new shopper with one saved address and `cart`, who places it by card: on the test provider's page. */
async function toProvider(page: Page, cart: unknown[] = [CART[1]]) {
  const user = await onCheckout(page, cart);
  await expect(page.getByRole('radio', { name: /^Pay by card/ })).toBeChecked();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/pay\/test\/pay_[\w-]{22}$/);
  const orderId = /ORD-\d{12}/.exec((await page.getByText(/^Order ORD-/).textContent()) ?? '')?.[0] ?? '';
  expect(orderId).not.toBe('');
  return { user, orderId };
}

const press = (page: Page, name: RegExp | string) => page.getByRole('button', { name }).click();

test('Pay on the provider page: the shop confirms the payment and shows the paid confirmation', async ({
  page,
}) => {
  const { orderId } = await toProvider(page);
  // The provider's page: the shop's name, the amount and the lines.
  await expect(page.getByRole('heading', { name: 'Saffron & Stone' })).toBeVisible();
  await expect(page.locator('[data-amount]')).toHaveText('$8.50');
  await expect(page.getByRole('article', { name: 'Card payment' }).getByRole('listitem')).toHaveText([
    /Tellicherry Black Pepper \(100 g\) x 1\s*\$8\.50/,
  ]);
  // Nothing is told before the payment is confirmed.
  expect(await merchant('outbox', '200')).not.toContain(orderId);

  await press(page, 'Pay $8.50');
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  const card = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(card.getByRole('status')).toContainText('Thank you! Your order is placed.');
  await expect(card.getByRole('status')).toContainText('Paid by card.');
  await expect(card.locator('[data-payment]')).toHaveText('Paid by card');
  expect(await merchant('orders', 'show', orderId)).toMatch(/Payment\s+Paid by card \(\$8\.50 paid\)/);
  await expect.poll(() => merchant('outbox', '200')).toMatch(/order-placed/);
  expect(await readCart(page)).toEqual([]);
});

async function readCart(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as unknown[]);
}

test('Decline: the order waits unpaid with Pay now; a second decline, then Pay on delivery instead', async ({
  page,
}) => {
  const { orderId } = await toProvider(page);
  await press(page, 'Decline');
  await expect(page).toHaveURL(new RegExp(`/payment\\?order=${orderId}$`));
  await expect(page.getByText('Payment failed', { exact: true })).toBeVisible();

  await press(page, 'Pay now');
  await expect(page).toHaveURL(/\/pay\/test\/pay_/);
  await press(page, 'Decline');
  await expect(page.getByText('Payment failed', { exact: true })).toBeVisible();

  await press(page, 'Pay on delivery instead');
  await expect(page).toHaveURL(/\/my-orders$/);
  const card = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(card.locator('[data-payment]')).toHaveText('Pay on delivery');
  await expect(card.getByText('processing', { exact: true })).toBeVisible();
  expect(await merchant('orders', 'show', orderId)).toMatch(
    /payment_failed[\s\S]*pay_on_delivery[\s\S]*processing/,
  );
});

test('Cancel on the provider page: back at the shop, the order awaits payment on My Orders, with Pay now', async ({
  page,
}) => {
  const { orderId } = await toProvider(page);
  await press(page, 'Cancel');
  await expect(page).toHaveURL(new RegExp(`/payment\\?order=${orderId}&cancelled=1$`));
  await expect(page.getByText('You left the payment page before paying.', { exact: false })).toBeVisible();
  await page.goto('/my-orders');
  const card = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(card.getByText('Awaiting payment', { exact: true }).first()).toBeVisible();
  await card.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/pay\/test\/pay_/);
  await press(page, /^Pay \$/);
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByRole('article', { name: `Order ${orderId}` }).locator('[data-payment]')).toHaveText(
    'Paid by card',
  );
});

test('coming back before the notice proves nothing: "Confirming your payment…", then paid when the notice comes', async ({
  page,
}) => {
  const { orderId } = await toProvider(page);
  const provider = page.url();
  // The shopper comes back without the provider having told the shop anything.
  await page.clock.install();
  await page.goto(`/payment?order=${orderId}`);
  await expect(page.getByText('Confirming your payment…')).toBeVisible();
  await page.clock.fastForward(31_000);
  await expect(page.getByText('Your payment is still being confirmed.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See My Orders' })).toBeVisible();
  expect((await merchant('orders', 'show', orderId)).split('\n')[0]).toContain('awaiting_payment');

  // The provider's notice arrives (the press on its page, in another tab): the page follows.
  const other = await page.context().newPage();
  await other.goto(provider);
  await other.getByRole('button', { name: /^Pay \$/ }).click();
  await page.clock.fastForward(6_000);
  await expect(page).toHaveURL(/\/my-orders$/);
});

test('a refund from the command line shows as Refunded on My Orders and tracking', async ({ page }) => {
  const { orderId } = await toProvider(page);
  await press(page, /^Pay \$/);
  await expect(page).toHaveURL(/\/my-orders$/);
  expect(await merchant('orders', 'refund', orderId, '--amount', '4.50')).toContain('Partly refunded');
  expect(await merchant('orders', 'refund', orderId)).toContain('Refunded');
  await expect(merchant('orders', 'refund', orderId)).rejects.toThrow(/already refunded in full/);
  await page.reload();
  const card = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(card.locator('[data-payment]')).toHaveText('Refunded');
  await page.goto(`/track-order/${orderId}`);
  await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await expect.poll(() => merchant('outbox', '200')).toMatch(/order-refunded/);
});

test('an order posted without a payment method is pay on delivery, as before; the API says how each is paid', async ({
  page,
}) => {
  await signIn(page, { name: HOME.name });
  const send = (data: object, key: string) =>
    page.request.post('/api/v1/orders', { data, headers: { 'Idempotency-Key': key } });
  const items = [{ productId: 'tellicherry-black-pepper', pack: '100 g', quantity: 1 }];
  const address = { name: 'Asha Rao', street: '1 Main St', city: 'Pune' };
  const plain = await send({ items, address, total: 8.5 }, `plain-${crypto.randomUUID()}`);
  expect(plain.status()).toBe(201);
  const plainOrder = ((await plain.json()) as { order: { status: string; payment: object } }).order;
  expect(plainOrder.status).toBe('processing');
  expect(plainOrder.payment).toEqual({ method: 'delivery', status: 'pending' });

  const key = `card-${crypto.randomUUID()}`;
  const card = await send({ items, address, total: 8.5, paymentMethod: 'card' }, key);
  const cardOrder = ((await card.json()) as { order: { id: string; status: string; paymentUrl: string } })
    .order;
  expect(cardOrder.status).toBe('awaiting_payment');
  expect(cardOrder.paymentUrl).toMatch(/^\/pay\/test\/pay_/);
  // The same request again: the same order and the same payment page, never a second one.
  const again = (
    (await (await send({ items, address, total: 8.5, paymentMethod: 'card' }, key)).json()) as {
      order: { id: string; paymentUrl: string };
    }
  ).order;
  expect(again).toMatchObject({ id: cardOrder.id, paymentUrl: cardOrder.paymentUrl });

  const wrong = await send(
    { items, address, total: 8.5, paymentMethod: 'cash' },
    `bad-${crypto.randomUUID()}`,
  );
  expect(wrong.status()).toBe(400);
  expect(await wrong.json()).toEqual({
    success: false,
    message: 'Payment method must be "card" or "delivery".',
  });

  const listed = (await (await page.request.get('/api/v1/orders')).json()) as {
    orders: { id: string; payment: object }[];
  };
  expect(listed.orders.find((order) => order.id === cardOrder.id)?.payment).toEqual({
    method: 'card',
    status: 'pending',
  });
});

test('the notice address takes only a valid signature: a forged notice is refused and changes nothing', async ({
  page,
}) => {
  const { orderId } = await toProvider(page);
  const forged = await page.request.post('/api/v1/payments/notices/test', {
    data: JSON.stringify({
      id: 'tev_forged',
      type: 'payment.pay',
      payment: 'pay_x',
      amount: 850,
      currency: 'usd',
    }),
    headers: { 'Content-Type': 'application/json', 'Test-Provider-Signature': 't=1,v1=00' },
  });
  expect(forged.status()).toBe(400);
  const unknown = await page.request.post('/api/v1/payments/notices/paypal', { data: {} });
  expect(unknown.status()).toBe(404);
  const large = await page.request.post('/api/v1/payments/notices/test', {
    data: 'x'.repeat(70 * 1024),
    headers: { 'Content-Type': 'application/json' },
  });
  expect(large.status()).toBe(413);
  expect((await page.request.get('/api/v1/payments/notices/test')).status()).toBe(405);
  expect((await merchant('orders', 'show', orderId)).split('\n')[0]).toContain('awaiting_payment');
});

test('Pay now and pay on delivery instead answer only the order’s owner, only while it awaits payment', async ({
  page,
  browser,
}) => {
  await signIn(page, { name: HOME.name });
  const items = [{ productId: 'tellicherry-black-pepper', pack: '100 g', quantity: 1 }];
  const address = { name: 'Asha Rao', street: '1 Main St', city: 'Pune' };
  const placed = await page.request.post('/api/v1/orders', {
    data: { items, address, total: 8.5, paymentMethod: 'card' },
    headers: { 'Idempotency-Key': `owner-${crypto.randomUUID()}` },
  });
  const { id } = ((await placed.json()) as { order: { id: string } }).order;
  const change = (on: Page, data: unknown) => on.request.post(`/api/v1/orders/${id}/payment`, { data });

  const stranger = await browser.newPage();
  expect((await change(stranger, { method: 'card' })).status()).toBe(401);
  await signIn(stranger, { name: 'Someone Else' });
  expect((await change(stranger, { method: 'card' })).status()).toBe(404);
  expect((await change(page, { method: 'cheque' })).status()).toBe(400);
  expect((await page.request.get(`/api/v1/orders/${id}/payment`)).status()).toBe(405);

  const again = await change(page, { method: 'card' });
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { paymentUrl: string }).paymentUrl).toMatch(/^\/pay\/test\/pay_/);
  const switched = await change(page, { method: 'delivery' });
  expect(((await switched.json()) as { order: { status: string } }).order.status).toBe('processing');
  const late = await change(page, { method: 'card' });
  expect(late.status()).toBe(409);
  expect(await late.json()).toMatchObject({
    success: false,
    message: `Order ${id} is no longer awaiting payment.`,
  });
  await stranger.close();
});

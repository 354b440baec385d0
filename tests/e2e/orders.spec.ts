import { test, expect, seedStorage, SHOPPER } from './fixtures';
import { HOME, order, mainOverflow } from './account-data';

test('a shopper without orders is told so', async ({ page }) => {
  await seedStorage(page, { user: SHOPPER });
  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
});

test("My Orders lists the shopper's own orders, newest first, with their details", async ({ page }) => {
  await seedStorage(page, {
    user: SHOPPER,
    orders: [
      order('ORD-1730000000003', 'processing', {
        date: '11/02/2025',
        total: 33.99,
        items: [
          { name: 'Kashmiri Saffron (1 g)', quantity: 2, price: 12.5 },
          { name: 'Tellicherry Black Pepper (100 g)', quantity: 1, price: 8.99 },
        ],
      }),
      order('ORD-1730000000002', 'shipped', { userId: 'someone-else' }),
      order('ORD-1730000000001', 'delivered'),
    ],
  });
  await page.goto('/my-orders');
  const orders = page.getByRole('article');
  await expect(orders).toHaveCount(2);
  await expect(orders.getByRole('heading', { level: 2 })).toHaveText([
    'ORD-1730000000003',
    'ORD-1730000000001',
  ]);

  const newest = orders.first();
  await expect(newest.getByText('Placed on 11/02/2025')).toBeVisible();
  await expect(newest.getByText('$33.99').first()).toBeVisible();
  await expect(newest.getByRole('listitem')).toHaveText([
    /Kashmiri Saffron \(1 g\) x 2\s*\$25\.00/,
    /Tellicherry Black Pepper \(100 g\) x 1\s*\$8\.99/,
  ]);
  await expect(newest.getByRole('link', { name: 'Track Order' })).toHaveAttribute(
    'href',
    '/track-order/ORD-1730000000003',
  );
});

test('View Details expands the delivery address and total, and folds them away again', async ({ page }) => {
  await seedStorage(page, { user: SHOPPER, orders: [order('ORD-1730000000001', 'processing')] });
  await page.goto('/my-orders');
  const details = page.getByRole('button', { name: 'View Details' });
  const address = page.getByRole('region', { name: 'Delivery address' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await expect(address).toBeHidden();

  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(address).toContainText(`${HOME.street}`);
  await expect(address).toContainText('San Francisco, CA 94107');
  await expect(page.getByRole('region', { name: 'Payment summary' })).toContainText(/Total\s*\$12\.50/);

  await details.click();
  await expect(address).toBeHidden();
});

test('the three kinds of status badge look different from one another', async ({ page }) => {
  await seedStorage(page, {
    user: SHOPPER,
    orders: [order('ORD-3', 'delivered'), order('ORD-2', 'shipped'), order('ORD-1', 'processing')],
  });
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

test('an order missing fields in storage shows what it has and the list still works', async ({ page }) => {
  await seedStorage(page, {
    user: SHOPPER,
    orders: [
      { id: 'ORD-1730000000009', userId: SHOPPER.id, status: 'shipped', total: 5, items: 'lost' },
      order('ORD-1730000000001', 'delivered'),
    ],
  });
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
  await seedStorage(page, {
    user: SHOPPER,
    orders: [
      order('ORD-1730000000001', 'shipped', {
        items: [{ name: 'Saffron'.repeat(40), quantity: 1, price: 12.5 }],
        address: {
          ...HOME,
          name: 'Wolfeschlegelsteinhausenbergerdorff'.repeat(3),
          street: 'Avenue'.repeat(30),
        },
      }),
    ],
  });
  await page.goto('/my-orders');
  await page.getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('region', { name: 'Delivery address' })).toBeVisible();
  expect(await mainOverflow(page)).toBe(0);
});

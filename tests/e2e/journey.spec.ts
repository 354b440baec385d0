import { test, expect, seedStorage, readStorage, SHOPPER } from './fixtures';
import { CART } from './account-data';

test('a shopper places an order, finds it in My Orders and tracks it', async ({ page }) => {
  await seedStorage(page, { user: SHOPPER, users: [SHOPPER], cart: CART });

  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Add New' }).click();
  await page.getByLabel('Full Name').fill('Asha Rao');
  await page.getByLabel('Street Address').fill('214 Spice Mill Lane');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('State').fill('CA');
  await page.getByLabel('ZIP Code').fill('94107');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByRole('radio', { name: /Asha Rao/ })).toBeChecked();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  expect(await readStorage(page, 'cart')).toEqual([]);
  const placed = page.getByRole('article');
  await expect(placed).toHaveCount(1);
  const orderId = (await placed.getByRole('heading', { level: 2 }).textContent()) ?? '';
  expect(orderId).toMatch(/^ORD-\d+$/);
  await expect(placed.getByText('processing', { exact: true })).toBeVisible();
  await expect(placed.getByRole('listitem')).toHaveText([
    /Kashmiri Saffron \(1 g\) x 2\s*\$25\.00/,
    /Tellicherry Black Pepper \(100 g\) x 1\s*\$8\.99/,
  ]);
  await placed.getByRole('button', { name: 'View Details' }).click();
  await expect(placed.getByRole('region', { name: 'Delivery address' })).toContainText(
    /Asha Rao.*214 Spice Mill Lane.*San Francisco, CA 94107/,
  );
  await expect(placed.getByRole('region', { name: 'Payment summary' })).toContainText(/Total\s*\$33\.99/);

  await placed.getByRole('link', { name: 'Track Order' }).click();
  await expect(page).toHaveURL(new RegExp(`/track-order/${orderId}$`));
  await expect(page.getByLabel('Order ID')).toHaveValue(orderId);
  const result = page.getByRole('region', { name: `Order ${orderId}` });
  await expect(result.getByRole('definition').nth(1)).toHaveText('Order Processing');
  await expect(result.getByRole('listitem')).toHaveText([
    /Order Placed\s*Order received/,
    /Order Processing\s*Current status/,
  ]);
});

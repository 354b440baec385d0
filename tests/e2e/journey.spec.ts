import { test, expect, openHydrated, readStorage, toastNamed } from './fixtures';
import { hydrated } from './catalogue.helpers';

test('a shopper fills an empty cart, signs in, orders, finds the order and tracks it', async ({ page }) => {
  test.slow(); // Six pages, each hydrating on a machine that may be busy.
  await page.goto('/products/kashmiri-saffron');
  await hydrated(page, 'ProductPurchase');
  await page.getByRole('radio', { name: /^2 g/ }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart', { exact: true }).first()).toBeVisible();

  // Checkout wants a signed-in shopper first.
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/auth$/);
  await openHydrated(page, '/auth');
  await page.getByLabel('Phone number').fill('+1 415 555 0177');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('Six-digit code').fill('123456');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await page.waitForURL(/\/$/);
  await expect(toastNamed(page, 'Welcome!')).toBeVisible();

  await page.goto('/checkout');
  await expect(page.getByText('No saved addresses. Please add a delivery address.')).toBeVisible();
  await page.getByRole('button', { name: 'Add New' }).click();
  await page.getByLabel('Full Name').fill('Meera Iyer');
  await page.getByLabel('Street Address').fill('88 Cardamom Court');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State').fill('OR');
  await page.getByLabel('ZIP Code').fill('97205');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByRole('radio', { name: /Meera Iyer/ })).toBeChecked();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('listitem')).toHaveText([/Kashmiri Saffron \(2 g\) x 2\s*\$52\.00/]);
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(toastNamed(page, 'Order placed successfully!')).toBeVisible();
  expect(await readStorage(page, 'cart')).toEqual([]);
  const placed = page.getByRole('article');
  await expect(placed).toHaveCount(1);
  const orderId = (await placed.getByRole('heading', { level: 2 }).textContent()) ?? '';
  expect(orderId).toMatch(/^ORD-\d+$/);
  await expect(placed.getByText('processing', { exact: true })).toBeVisible();
  await expect(placed.getByRole('listitem')).toHaveText([/Kashmiri Saffron \(2 g\) x 2\s*\$52\.00/]);
  await placed.getByRole('button', { name: 'View Details' }).click();
  await expect(placed.getByRole('region', { name: 'Delivery address' })).toContainText(
    /Meera Iyer.*88 Cardamom Court.*Portland, OR 97205/,
  );
  await expect(placed.getByRole('region', { name: 'Payment summary' })).toContainText(/Total\s*\$52\.00/);

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

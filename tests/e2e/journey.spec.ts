import { test, expect, closeMiniCart, readStorage, toastNamed } from './fixtures.ts';
import { hydrated } from './catalogue.helpers.ts';
import { merchant } from './merchant.ts';
import { freshPhone, nationalPhone, payOnDelivery } from './account.ts';

test('a shopper fills an empty cart, signs in, orders, finds the order and tracks it; the merchant sees and ships it', async ({
  page,
  browser,
}) => {
  test.slow(); // Six pages, each hydrating on a machine that may be busy.
  const phone = freshPhone();
  const e164 = phone.replace(/\s/g, '');
  // At home a phone reads as people there write it.
  const national = nationalPhone(phone);
  await page.goto('/products/kashmiri-saffron');
  await hydrated(page, 'ProductPurchase');
  await page.getByRole('radio', { name: /^2 g/ }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await closeMiniCart(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart', { exact: true }).first()).toBeVisible();

  // Checkout wants a signed-in shopper first, and comes back to checkout after.
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/auth\?next=%2Fcheckout$/);
  await hydrated(page, 'SignIn');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('Six-digit code').fill('123456');
  await page.waitForURL(/\/checkout$/);
  await expect(toastNamed(page, 'Welcome!')).toBeVisible();

  // A first checkout: the address form is open, and the focus waits in it.
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await expect(page.getByLabel('Phone')).toHaveValue(national);
  await page.getByLabel('Full Name').fill('Meera Iyer');
  await page.getByLabel('Street Address').fill('88 Cardamom Court');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State').fill('OR');
  await page.getByLabel('ZIP Code').fill('97205');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByRole('radio', { name: /Meera Iyer/ })).toBeChecked();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('listitem')).toHaveText([/Kashmiri Saffron \(2 g\) x 2\s*\$52\.00/]);
  await payOnDelivery(page);
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(toastNamed(page, 'Order placed successfully!')).toBeVisible();
  expect(await readStorage(page, 'cart')).toEqual([]);
  const placed = page.getByRole('article');
  await expect(placed).toHaveCount(1);
  const orderId = (await placed.getByRole('heading', { level: 2 }).textContent()) ?? '';
  expect(orderId).toMatch(/^ORD-\d{12}$/);
  await expect(placed.getByText('processing', { exact: true })).toBeVisible();
  // Each line names the lot it was sold from.
  await expect(placed.getByRole('listitem')).toHaveText([
    /Kashmiri Saffron \(2 g\) x 2\s*Lot: Autumn \d{4} harvest, Pampore, Kashmir · packed [^$]+\$52\.00/,
  ]);
  // The new order opens as its confirmation, its details shown.
  await expect(placed.getByRole('status')).toContainText('Thank you! Your order is placed.');
  await expect(placed.getByRole('status')).toContainText(
    /You pay on delivery\. We expect it at your door between/,
  );
  await expect(placed.getByRole('button', { name: 'View Details' })).toHaveAttribute('aria-expanded', 'true');
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
    /Shipped · still to come/,
    /Delivered · still to come/,
  ]);

  // The shop has it: the merchant lists it, ships it, and anyone with its id and phone tracks it.
  // Enough rows that the load tests' hundreds of orders, placed meanwhile, cannot push it out.
  const listed = await merchant('orders', '5000');
  expect(listed).toMatch(
    new RegExp(
      `${orderId}\\s.*\\${national.replace(')', '\\)')}\\s+2 items\\s+\\$52\\.00\\s+processing\\s+United States`,
    ),
  );
  expect(await merchant('orders', 'ship', orderId)).toContain(`${orderId} is now shipped.`);

  const elsewhere = await browser.newContext();
  const visitor = await elsewhere.newPage();
  await visitor.goto('/track-order');
  await hydrated(visitor, 'TrackOrder');
  await visitor.getByLabel('Order ID').fill(orderId);
  await visitor.getByLabel('Phone number').fill(e164.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '+1 ($1) $2-$3'));
  await visitor.getByRole('button', { name: 'Track Order' }).click();
  const tracked = visitor.getByRole('region', { name: `Order ${orderId}` });
  await expect(tracked.getByRole('definition').nth(1)).toHaveText('Shipped');
  await expect(tracked.getByRole('listitem')).toHaveText([
    /Order Placed\s*Order received/,
    /Shipped\s*On its way to you/,
    /Delivered · still to come/,
  ]);
  await elsewhere.close();

  // My Orders picks the new status up from the shop.
  await page.goto('/my-orders');
  await expect(page.getByRole('article').getByText('shipped', { exact: true })).toBeVisible();
});

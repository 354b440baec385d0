// A first checkout without detours: from the cart through sign-in to the order, the way back to
// the cart offered, the address form open, a Place Order that says why it waits, toasts clear of
// it, and the focus on the next thing to do after sign-in, Place Order and opening a review.
import type { Locator, Page } from '@playwright/test';
import { freshPhone, payOnDelivery } from './account.ts';
import { CART } from './account-data.ts';
import { hydrated } from './catalogue.helpers.ts';
import { expect, scrollIntoStyledView, seedStorage, test, toastNamed } from './fixtures.ts';
import { deliveredBuyer } from './reviews.ts';

const WHY = 'Please select a delivery address';

/** Whether two boxes on screen share any point. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) throw new Error('both are drawn');
  return (
    one.x < two.x + two.width &&
    two.x < one.x + one.width &&
    one.y < two.y + two.height &&
    two.y < one.y + one.height
  );
}

/** From a cart, signed out: Proceed to Checkout, and the sign-in page it leads to, on its phone step. */
async function fromTheCartToSignIn(page: Page) {
  await seedStorage(page, { cart: CART });
  await page.goto('/cart');
  await hydrated(page, 'CartPage');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fcheckout$/);
  await hydrated(page, 'SignIn');
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`from the cart, sign-in offers the way back to it, and checkout opens on its address form (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await fromTheCartToSignIn(page);
    const back = page.getByRole('link', { name: 'Back to cart' });
    await expect(back).toHaveAttribute('href', '/cart');
    // Beside the spec's way home, which stays.
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await page.getByLabel('Phone number').fill(freshPhone());
    await page.getByRole('button', { name: 'Send OTP' }).click();
    // The code step offers it too; the sixth digit signs in.
    await expect(page.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');
    await page.getByLabel('Six-digit code').fill('123456');
    await expect(page).toHaveURL(/\/checkout$/);

    // Nothing saved yet: the form is open, its first field has the focus, and no empty line says so.
    await expect(page.getByLabel('Full Name')).toBeFocused();
    await expect(page.getByText('No saved addresses. Please add a delivery address.')).toHaveCount(0);
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    const why = page.getByRole('region', { name: 'Order Summary' }).getByText(WHY, { exact: true });
    await expect(placeOrder).toBeDisabled();
    await expect(placeOrder).toHaveAccessibleDescription(WHY);
    await expect(why).toBeVisible();
    const [button, reason] = [await placeOrder.boundingBox(), await why.boundingBox()];
    // Beside it: just under the button, within its width.
    expect(
      reason && button && reason.y >= button.y + button.height && reason.y - (button.y + button.height) < 24,
    ).toBe(true);
    expect(
      reason && button && reason.x >= button.x && reason.x + reason.width <= button.x + button.width,
    ).toBe(true);
  });
}

test('on a desktop, toasts never cover Place Order, and the order placed takes the focus as its confirmation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await fromTheCartToSignIn(page);
  await page.getByLabel('Phone number').fill(freshPhone());
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('Six-digit code').fill('123456');
  await expect(page).toHaveURL(/\/checkout$/);
  const welcome = toastNamed(page, 'Welcome!');
  await expect(welcome).toBeVisible();
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await placeOrder.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  expect(await overlap(welcome, placeOrder)).toBe(false);

  await page.getByLabel('Full Name').fill('Asha Rao');
  await page.getByLabel('Street Address').fill('214 Spice Mill Lane');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByRole('button', { name: 'Save Address' }).click();
  const added = toastNamed(page, 'Address added successfully');
  await expect(added).toBeVisible();
  await expect(placeOrder).toBeEnabled();
  await expect(
    page.getByRole('region', { name: 'Order Summary' }).getByText(WHY, { exact: true }),
  ).toHaveCount(0);
  // Wherever the shopper scrolls to reach it: just into sight at the bottom, and on.
  for (const scrolled of [
    () => placeOrder.evaluate((button) => button.scrollIntoView({ block: 'end' })),
    () => page.mouse.wheel(0, 2000),
  ]) {
    await scrolled();
    await expect(placeOrder).toBeInViewport();
    expect(await overlap(added, placeOrder)).toBe(false);
  }
  // Pressed as it is, whatever toasts show.
  await payOnDelivery(page);
  await placeOrder.click({ trial: true });

  await placeOrder.click();
  await expect(page).toHaveURL(/\/my-orders$/);
  // The next thing to do is to read the confirmation: it has the focus before any script runs.
  const confirmation = page.getByRole('article').getByRole('status');
  await expect(confirmation).toContainText('Thank you! Your order is placed.');
  await expect(confirmation).toBeFocused();
});

test('opening the review form puts the focus on its stars', async ({ page }) => {
  await deliveredBuyer(page, 'green-cardamom', '50 g', 'Farah Focus');
  await page.goto('/products/green-cardamom');
  const reviews = page.locator('#reviews');
  await scrollIntoStyledView(reviews);
  await reviews.getByRole('button', { name: 'Write a review' }).click();
  await expect(reviews.getByRole('radio', { name: '1 star', exact: true })).toBeFocused();
});

import type { Page } from '@playwright/test';
import { payOnDelivery, signIn, type ShopUser } from './account.ts';
import { test, expect, seedStorage, readStorage } from './fixtures.ts';
import { SHOPPER } from '../support/shopData.ts';
import { CART, mainOverflow } from './account-data.ts';

let user: ShopUser;

test.beforeEach(async ({ page }) => {
  user = await signIn(page, { name: SHOPPER.name });
  await seedStorage(page, { cart: CART });
});

/** The saved addresses checkout offers, one radio each (the ways to pay are radios too). */
const addressChoices = (page: Page) =>
  page.getByRole('group', { name: 'Choose a delivery address' }).getByRole('radio');

test('the order summary lists each line, free shipping and the total', async ({ page }) => {
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('listitem')).toHaveText([
    /Kashmiri Saffron \(1 g\) x 2\s*\$28\.00/,
    /Tellicherry Black Pepper \(100 g\) x 1\s*\$8\.50/,
  ]);
  await expect(summary.getByRole('definition')).toHaveText(['$36.50', 'Free', '$36.50']);
  await expect(summary.getByRole('term')).toHaveText(['Subtotal', 'Shipping', 'Total']);
});

test('without a saved address the shopper is asked to add one and cannot place the order', async ({
  page,
}) => {
  await page.goto('/checkout');
  await expect(page.getByText('No saved addresses. Please add a delivery address.')).toBeVisible();
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await expect(placeOrder).toBeDisabled();

  // It stays focusable, and pressing it says why nothing happens.
  await placeOrder.click({ force: true });
  await expect(page.getByText('Please select a delivery address')).toBeVisible();
  expect((await readStorage(page, 'orders')) ?? []).toEqual([]);
});

test('Add New toggles the address form, reading Cancel while it is open', async ({ page }) => {
  await page.goto('/checkout');
  const addNew = page.getByRole('button', { name: 'Add New' });
  await expect(addNew).toHaveAttribute('aria-expanded', 'false');
  await addNew.click();
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toHaveAttribute('aria-expanded', 'true');
  for (const label of ['Full Name', 'Street Address', 'City', 'State', 'ZIP Code', 'Phone']) {
    await expect(page.getByLabel(label, { exact: false })).toBeVisible();
  }
  await cancel.click();
  await expect(page.getByLabel('Full Name')).toBeHidden();
  await expect(addNew).toHaveAttribute('aria-expanded', 'false');
});

test("the address form starts with the account's name and phone", async ({ page }) => {
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue(SHOPPER.name);
  await expect(page.getByLabel('Phone')).toHaveValue(user.phone);
  await expect(page.getByLabel('Street Address')).toHaveValue('');
});

test('checkout offers the card first and pay on delivery under the address; the note before Place Order follows the choice', async ({
  page,
}) => {
  await page.goto('/checkout');
  const ways = page.getByRole('group', { name: 'Choose how to pay' });
  await expect(ways.getByRole('radio')).toHaveCount(2);
  await expect(ways.getByRole('radio').first()).toHaveAccessibleName(/^Pay by card/);
  await expect(page.getByRole('radio', { name: /^Pay by card/ })).toBeChecked();
  const address = await page.getByRole('region', { name: 'Delivery Address' }).boundingBox();
  const waysBox = await ways.boundingBox();
  expect(address && waysBox && address.y < waysBox.y).toBe(true);
  await expect(page.getByText('Pay by card.', { exact: true })).toBeVisible();

  await payOnDelivery(page);
  const note = page.getByText('Payment on delivery.');
  await expect(note).toBeVisible();
  const noteBox = await note.boundingBox();
  const buttonBox = await page.getByRole('button', { name: 'Place Order' }).boundingBox();
  expect(noteBox && buttonBox && noteBox.y < buttonBox.y).toBe(true);
});

test('a new address with missing required fields is refused and keeps what was typed', async ({ page }) => {
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Add New' }).click();
  await page.getByLabel('Full Name').fill('Asha Rao');
  await page.getByLabel('ZIP Code').fill('94107');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Please fill all required fields')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Asha Rao');
  await expect(page.getByLabel('ZIP Code')).toHaveValue('94107');
  await expect(addressChoices(page)).toHaveCount(0);

  // Spaces pass the browser's check but are not an address.
  await page.getByLabel('Street Address').fill('   ');
  await page.getByLabel('City').fill('   ');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(addressChoices(page)).toHaveCount(0);
  await expect(page.getByLabel('Full Name')).toHaveValue('Asha Rao');
});

test('a saved address is selected, the form closes and resets, and the order can be placed', async ({
  page,
}) => {
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Add New' }).click();
  await page.getByLabel('Full Name').fill('Asha Rao');
  await page.getByLabel('Street Address').fill('214 Spice Mill Lane');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('State').fill('CA');
  await page.getByLabel('ZIP Code').fill('94107');
  await page.getByLabel('Phone').fill('+1 415 555 0100');
  await page.getByRole('button', { name: 'Save Address' }).click();

  await expect(page.getByText('Address added successfully', { exact: true })).toBeVisible();
  const radio = page.getByRole('radio', { name: /Asha Rao/ });
  await expect(radio).toBeChecked();
  await expect(radio).toHaveAccessibleName(
    /Asha Rao.*214 Spice Mill Lane.*San Francisco, CA 94107.*\+1 415 555 0100/,
  );
  await expect(page.getByLabel('Full Name')).toBeHidden();
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue(SHOPPER.name);
  await expect(page.getByLabel('Street Address')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
});

test('the first saved address is preselected and a second one can be chosen', async ({ page }) => {
  await page.goto('/checkout');
  for (const [name, street] of [
    ['Asha Rao', '214 Spice Mill Lane'],
    ['Ravi Rao', '9 Harbour Road'],
  ] as const) {
    await page.getByRole('button', { name: 'Add New' }).click();
    await page.getByLabel('Full Name').fill(name);
    await page.getByLabel('Street Address').fill(street);
    await page.getByLabel('City').fill('Oakland');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect(page.getByRole('radio', { name: new RegExp(name) })).toBeChecked();
  }
  await page.reload();
  await expect(page.getByRole('radio', { name: /Asha Rao/ })).toBeChecked();
  await page.getByRole('radio', { name: /Ravi Rao/ }).check();
  await payOnDelivery(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const [placed] = (await readStorage<{ address: { name: string } }[]>(page, 'orders')) ?? [];
  expect(placed?.address.name).toBe('Ravi Rao');
});

test('very long names and streets wrap inside the page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Add New' }).click();
  // Two of them: the shop keeps names of at most 100 characters.
  await page.getByLabel('Full Name').fill('Wolfeschlegelsteinhausenbergerdorff'.repeat(2));
  await page.getByLabel('Street Address').fill('Avenue'.repeat(30));
  await page.getByLabel('City').fill('Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(addressChoices(page)).toBeChecked();
  expect(await mainOverflow(page)).toBe(0);
});

test('an address the shop refuses says why, and the form keeps what was typed', async ({ page }) => {
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Add New' }).click();
  await page.getByLabel('Full Name').fill('N'.repeat(101));
  await page.getByLabel('Street Address').fill('214 Spice Mill Lane');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Full Name must be at most 100 characters.')).toBeVisible();
  await expect(page.getByLabel('Street Address')).toHaveValue('214 Spice Mill Lane');
  await expect(addressChoices(page)).toHaveCount(0);
});

test('a session that ended sends the shopper to sign in and back, the cart intact', async ({
  page,
  context,
}) => {
  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();
  await context.clearCookies();
  await page.getByRole('button', { name: 'Add New' }).click();
  await page.getByLabel('Street Address').fill('214 Spice Mill Lane');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await page.waitForURL(/\/auth\?next=%2Fcheckout$/);
  expect(await readStorage(page, 'cart')).toEqual(CART);
});

test('focus follows the shopper: Add New to the first field, Save Address to the new address', async ({
  page,
}) => {
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await page.getByLabel('Street Address').fill('214 Spice Mill Lane');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByRole('radio', { name: /214 Spice Mill Lane/ })).toBeFocused();
});

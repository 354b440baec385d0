import type { Page } from '@playwright/test';
import { nationalPhone, payOnDelivery, signIn, type ShopUser } from './account.ts';
import { test, expect, seedStorage, readStorage, toastNamed } from './fixtures.ts';
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

/** The Delivery Address card's toggle: Add New, or Cancel while the form is open. */
const addressToggle = (page: Page) =>
  page.getByRole('region', { name: 'Delivery Address' }).getByRole('button', { name: /^(Add New|Cancel)$/ });

/** The new-address form, opened with Add New unless it is open already (a first checkout's is). */
async function openAddressForm(page: Page) {
  if ((await addressToggle(page).getAttribute('aria-expanded')) !== 'true') await addressToggle(page).click();
  await expect(page.getByLabel('Full Name')).toBeVisible();
}

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

test('without a saved address the form is open, with no empty line, and Place Order says why it cannot act', async ({
  page,
}) => {
  await page.goto('/checkout');
  // Nothing to choose yet: the form is the first thing to do, and has the focus.
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await expect(page.getByText('No saved addresses. Please add a delivery address.')).toHaveCount(0);
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await expect(placeOrder).toBeDisabled();
  const reason = page
    .getByRole('region', { name: 'Order Summary' })
    .getByText('Please select a delivery address');
  await expect(placeOrder).toHaveAccessibleDescription('Please select a delivery address');
  const why = await reason.boundingBox();
  const button = await placeOrder.boundingBox();
  expect(why && button && why.y >= button.y + button.height && why.y < button.y + button.height + 40).toBe(
    true,
  );

  // It stays focusable, and pressing it says why nothing happens.
  await placeOrder.click({ force: true });
  await expect(toastNamed(page, 'Please select a delivery address')).toBeVisible();
  expect((await readStorage(page, 'orders')) ?? []).toEqual([]);
});

test('the address toggle reads Cancel while the form is open; closed, the empty line shows and Add New opens it', async ({
  page,
}) => {
  await page.goto('/checkout');
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toHaveAttribute('aria-expanded', 'true');
  for (const label of ['Full Name', 'Street Address', 'City', 'State', 'ZIP Code', 'Phone']) {
    await expect(page.getByLabel(label, { exact: false })).toBeVisible();
  }
  await cancel.click();
  await expect(page.getByLabel('Full Name')).toBeHidden();
  await expect(page.getByText('No saved addresses. Please add a delivery address.')).toBeVisible();
  const addNew = page.getByRole('button', { name: 'Add New' });
  await expect(addNew).toHaveAttribute('aria-expanded', 'false');
  await addNew.click();
  await expect(page.getByLabel('Full Name')).toBeVisible();
  await expect(page.getByText('No saved addresses. Please add a delivery address.')).toHaveCount(0);
});

test("the address form starts with the account's name and phone, the phone as people write it", async ({
  page,
}) => {
  await page.goto('/checkout');
  await openAddressForm(page);
  await expect(page.getByLabel('Full Name')).toHaveValue(SHOPPER.name);
  await expect(page.getByLabel('Phone')).toHaveValue(nationalPhone(user.phone));
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
  await openAddressForm(page);
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
  await openAddressForm(page);
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
    /Asha Rao.*214 Spice Mill Lane.*San Francisco, CA 94107.*\(415\) 555-0100/,
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
    await openAddressForm(page);
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
  await openAddressForm(page);
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
  await openAddressForm(page);
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
  await openAddressForm(page);
  await page.getByLabel('Street Address').fill('214 Spice Mill Lane');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await page.waitForURL(/\/auth\?next=%2Fcheckout$/);
  expect(await readStorage(page, 'cart')).toEqual(CART);
});

test('focus follows the shopper: the open form first, Save Address to the new address, Add New to the first field', async ({
  page,
}) => {
  await page.goto('/checkout');
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await page.getByLabel('Street Address').fill('214 Spice Mill Lane');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByRole('radio', { name: /214 Spice Mill Lane/ })).toBeFocused();
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page.getByLabel('Full Name')).toBeFocused();
});

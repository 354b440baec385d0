import { crc32, deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { nationalPhone, saveAddress, signIn, type ShopUser } from './account.ts';
import { test, expect, seedStorage, readStorage } from './fixtures.ts';
import { SHOPPER } from '../support/shopData.ts';
import { CART, mainOverflow } from './account-data.ts';

type StoredUser = ShopUser;

/** A PNG of random pixels, stored uncompressed: 2600 px square is about 20 MB. */
function noisyPng(size: number): Buffer {
  const row = 1 + size * 3;
  const pixels = randomBytes(row * size);
  for (let y = 0; y < size; y++) pixels[y * row] = 0; // filter byte: none
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The signed-in shopper of the test, as the shop described them. */
let user: ShopUser;

test.beforeEach(async ({ page }) => {
  user = await signIn(page, { name: SHOPPER.name, email: SHOPPER.email });
});

/** Changes the account on the shop, as another browser of the shopper would. */
async function changeAccount(page: Page, changes: Record<string, string>) {
  const answer = await page.request.patch('/api/v1/account', { data: changes });
  expect(answer.status()).toBe(200);
}

const addressBook = (page: Page) => page.getByRole('region', { name: 'Saved Addresses' });

test('the shopper sees their details, with the phone locked', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
  const phone = page.getByLabel('Phone Number');
  // Kept in E.164, shown as people at home write it.
  await expect(phone).toHaveValue(nationalPhone(user.phone));
  await expect(phone).toHaveAttribute('readonly', '');
  await expect(phone).toHaveAccessibleDescription('Phone number cannot be changed');
  await expect(page.getByLabel('Full Name')).toHaveValue(SHOPPER.name);
  await expect(page.getByLabel('Full Name')).toHaveAttribute('required', '');
  await expect(page.getByLabel('Email Address')).toHaveValue(SHOPPER.email);
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toHaveText('A');
});

test('a shopper without a name gets U as their avatar', async ({ page }) => {
  await changeAccount(page, { name: '' });
  await page.goto('/profile');
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toHaveText('U');
});

test('Save Changes stores the new name and email', async ({ page }) => {
  await page.goto('/profile');
  await page.getByLabel('Full Name').fill('Asha R. Menon');
  await page.getByLabel('Email Address').fill('asha.menon@example.com');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  const stored = await readStorage<StoredUser>(page, 'user');
  expect(stored).toMatchObject({
    name: 'Asha R. Menon',
    email: 'asha.menon@example.com',
    phone: user.phone,
  });
  const onTheShop = (await (await page.request.get('/api/v1/account')).json()) as { user: StoredUser };
  expect(onTheShop.user).toEqual(stored);
});

test('a save the shop refuses says why and keeps what was typed', async ({ page }) => {
  await page.goto('/profile');
  await page.getByLabel('Email Address').fill('asha@');
  await page.getByLabel('Email Address').evaluate((input: HTMLInputElement) => (input.type = 'text'));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update profile')).toBeVisible();
  await expect(page.getByText('Email Address must be a valid email address.')).toBeVisible();
  await expect(page.getByLabel('Email Address')).toHaveValue('asha@');
  expect((await readStorage<StoredUser>(page, 'user'))?.email).toBe(SHOPPER.email);
});

test('a large photo is scaled down in the browser before it is stored', async ({ page }) => {
  await page.goto('/profile');
  const png = noisyPng(2600);
  expect(png.length).toBeGreaterThan(20_000_000);
  // From a file on disk, as a shopper's photo comes: the browser reads it from its path, where
  // 20 MB handed over as bytes took 9 s through the test driver.
  const photo = test.info().outputPath('portrait.png');
  await writeFile(photo, png);
  await page.getByLabel('Upload photo').setInputFiles(photo);
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
    'src',
    /^data:image\//,
    { timeout: 30_000 },
  );
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  const picture = (await readStorage<StoredUser>(page, 'user'))?.profilePicture ?? '';
  expect(picture).toMatch(/^data:image\//);
  expect(picture.length).toBeLessThan(200_000);
  const size = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return Math.max(image.naturalWidth, image.naturalHeight);
  }, picture);
  expect(size).toBe(256);
});

test('a file that is not an image, or a broken one, is refused and the old picture stays', async ({
  page,
}) => {
  const picture = 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';
  await changeAccount(page, { profilePicture: picture });
  await page.goto('/profile');
  const avatar = page.getByRole('img', { name: 'Your profile picture' });
  await expect(avatar).toHaveAttribute('src', picture);

  const upload = page.getByLabel('Change photo');
  await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('That file is not an image')).toBeVisible();
  await upload.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
  await expect(page.getByText('That image could not be read')).toBeVisible();
  await expect(avatar).toHaveAttribute('src', picture);
});

test('Add Address opens the form, Cancel closes it without saving', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByText('No saved addresses yet. Click "Add Address" to add one.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Address' }).click();
  for (const label of ['Label', 'Country', 'Street Address', 'City', 'State/Province', 'ZIP/Postal Code']) {
    await expect(page.getByLabel(label)).toBeVisible();
  }
  await page.getByLabel('Label').fill('Cabin');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Label')).toBeHidden();
  await expect(page.getByText('No saved addresses yet. Click "Add Address" to add one.')).toBeVisible();
});

test('an address without its required fields is refused and keeps what was typed', async ({ page }) => {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add Address' }).click();
  await page.getByLabel('Street Address').fill('12 Fort Road');
  await page.getByLabel('Country').selectOption('India');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await expect(page.getByLabel('Street Address')).toHaveValue('12 Fort Road');
  await expect(page.getByLabel('Country')).toHaveValue('India');
});

test('an address is added, shared with checkout, and removed', async ({ page }) => {
  await seedStorage(page, { cart: CART });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add Address' }).click();
  await page.getByLabel('Label').fill('Office');
  await expect(page.getByLabel('Country')).toHaveValue('United States');
  await page.getByLabel('Street Address').fill('1 Market Street');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('State/Province').fill('CA');
  await page.getByLabel('ZIP/Postal Code').fill('94105');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address added successfully!')).toBeVisible();
  await expect(page.getByLabel('Label')).toBeHidden();
  const card = addressBook(page).getByRole('listitem').filter({ hasText: 'Office' });
  await expect(card).toContainText(/1 Market Street.*San Francisco, CA 94105.*United States/);

  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Office.*1 Market Street/ })).toBeChecked();
  await page.getByRole('button', { name: 'Add New' }).click();
  await page.getByLabel('Full Name').fill('Asha Rao');
  await page.getByLabel('Street Address').fill('214 Spice Mill Lane');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByRole('group', { name: 'Choose a delivery address' }).getByRole('radio')).toHaveCount(
    2,
  );

  await page.goto('/profile');
  await expect(addressBook(page).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete address Office' }).click();
  await expect(page.getByText('Address removed')).toBeVisible();
  await expect(addressBook(page).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete address Asha Rao' }).click();
  await expect(page.getByText('No saved addresses yet. Click "Add Address" to add one.')).toBeVisible();
});

test('the address labels follow the chosen country, and the address keeps it', async ({ page }) => {
  await seedStorage(page, { cart: CART });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add Address' }).click();
  const country = page.getByLabel('Country');
  await expect(country).toHaveJSProperty('tagName', 'SELECT');
  await country.selectOption('Canada');
  await expect(page.getByLabel('State/Province')).toHaveCount(0);
  await page.getByLabel('Label').fill('Cottage');
  await page.getByLabel('Street Address').fill('88 Queen Street West');
  await page.getByLabel('City').fill('Toronto');
  await page.getByLabel('Province', { exact: true }).fill('ON');
  await page.getByLabel('Postal Code', { exact: true }).fill('M5H 2N2');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address added successfully!')).toBeVisible();
  const card = addressBook(page).getByRole('listitem').filter({ hasText: 'Cottage' });
  await expect(card).toContainText(/88 Queen Street West.*Toronto, ON M5H 2N2.*Canada/);

  // Checkout's form starts at home with its own labels, and follows a country alike.
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page.getByLabel('Country')).toHaveValue('United States');
  await expect(page.getByLabel('ZIP Code', { exact: true })).toBeVisible();
  await page.getByLabel('Country').selectOption('United Kingdom');
  await expect(page.getByLabel('County', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Postcode', { exact: true })).toBeVisible();
});

test('an address saved with a country typed by hand still shows it', async ({ page }) => {
  await page.goto('/profile');
  await saveAddress(page, user, {
    label: 'Old flat',
    street: '5 Rue Cler',
    city: 'Paris',
    country: 'La France',
  });
  await page.reload();
  await expect(addressBook(page).getByRole('listitem').filter({ hasText: 'Old flat' })).toContainText(
    'La France',
  );
});

test('a very long address label and street wrap on a small phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add Address' }).click();
  await page.getByLabel('Label').fill('Grandmother'.repeat(8));
  await page.getByLabel('Street Address').fill('Boulevard'.repeat(20));
  await page.getByLabel('City').fill('Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(addressBook(page).getByRole('listitem')).toHaveCount(1);
  expect(await mainOverflow(page)).toBe(0);
});

test('focus follows the shopper: Add Address to Label, Save Address to the new address', async ({ page }) => {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByLabel('Label')).toBeFocused();
  await page.getByLabel('Label').fill('Cabin');
  await page.getByLabel('Street Address').fill('3 Pine Road');
  await page.getByLabel('City').fill('Tahoe City');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(addressBook(page).getByRole('listitem').filter({ hasText: 'Cabin' })).toBeFocused();
});

import type { Page } from '@playwright/test';
import {
  blockStorageWrites,
  expect,
  openHydrated,
  readStorage,
  seedStorage,
  SHOPPER,
  test,
  toastNamed,
} from './fixtures';

type User = typeof SHOPPER;

const phoneField = (page: Page) => page.getByLabel('Phone number');
const codeField = (page: Page) => page.getByLabel('Six-digit code');
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send OTP' });
const verifyButton = (page: Page) => page.getByRole('button', { name: 'Verify OTP' });

async function sendCode(page: Page, phone: string) {
  await openHydrated(page, '/auth');
  await phoneField(page).fill(phone);
  await sendButton(page).click();
  await expect(codeField(page)).toBeVisible();
}

/** Navigation waits for hydration, which a busy machine slows: wait as long as the test may. */
const HOME = /\/$/;

async function expectWelcomeHome(page: Page) {
  await page.waitForURL(HOME);
  await expect(toastNamed(page, 'Welcome!')).toBeVisible();
}

test('the phone step asks for a required phone number', async ({ page }) => {
  await openHydrated(page, '/auth');
  await expect(phoneField(page)).toHaveAttribute('type', 'tel');
  await expect(phoneField(page)).toHaveAttribute('required', '');
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  await sendButton(page).click();
  await expect(codeField(page)).toHaveCount(0);
});

test('sending a code says so with the demo code and stores it for the phone', async ({ page }) => {
  await sendCode(page, '+1 415 555 0142');
  const sent = toastNamed(page, 'OTP Sent!');
  await expect(sent).toContainText('123456');
  await expect(sent).toHaveAttribute('data-type', 'success');
  await expect(page.getByText('+1 415 555 0142')).toBeVisible();
  expect(await readStorage(page, 'pendingOTP')).toEqual({ phone: '+1 415 555 0142', otp: '123456' });
});

test('the code step is built for one-time codes', async ({ page }) => {
  await sendCode(page, '+1 415 555 0142');
  await expect(codeField(page)).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField(page)).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByText('Test mode: use code 123456')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
});

test('Verify OTP is enabled only with exactly six digits; letters are ignored and a seventh digit too', async ({
  page,
}) => {
  await sendCode(page, '+1 415 555 0142');
  await expect(verifyButton(page)).toBeDisabled();
  await codeField(page).pressSequentially('12a3b');
  await expect(codeField(page)).toHaveValue('123');
  await expect(verifyButton(page)).toBeDisabled();
  await codeField(page).pressSequentially('4567');
  await expect(codeField(page)).toHaveValue('123456');
  await expect(verifyButton(page)).toBeEnabled();
  await codeField(page).press('Backspace');
  await expect(verifyButton(page)).toBeDisabled();
});

test('a whole code pasted with spaces lands as six digits', async ({ page }) => {
  await sendCode(page, '+1 415 555 0142');
  await codeField(page).pressSequentially('9');
  await codeField(page).evaluate((input) => {
    const data = new DataTransfer();
    data.setData('text/plain', ' 123 456 ');
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(codeField(page)).toHaveValue('123456');
  await expect(verifyButton(page)).toBeEnabled();
});

test('a wrong code is refused and the shopper can try again', async ({ page }) => {
  await sendCode(page, '+1 415 555 0142');
  await codeField(page).fill('654321');
  await verifyButton(page).click();
  const refused = toastNamed(page, 'Invalid OTP');
  await expect(refused).toContainText('Please check and try again');
  await expect(refused).toHaveAttribute('data-type', 'error');
  expect(await readStorage(page, 'user')).toBeNull();

  await codeField(page).fill('123456');
  await verifyButton(page).click();
  await expectWelcomeHome(page);
});

test('Change phone number goes back to the phone step and clears the code', async ({ page }) => {
  await sendCode(page, '+1 415 555 0142');
  await codeField(page).fill('123456');
  await page.getByRole('button', { name: 'Change phone number' }).click();
  await expect(phoneField(page)).toHaveValue('+1 415 555 0142');
  await phoneField(page).fill('+1 415 555 0199');
  await sendButton(page).click();
  await expect(codeField(page)).toHaveValue('');
  await expect(page.getByText('+1 415 555 0199')).toBeVisible();
});

test('a new phone signs in as a new user and lands home welcomed', async ({ page }) => {
  await sendCode(page, '+1 415 555 0142');
  await codeField(page).fill('123456');
  await verifyButton(page).click();
  await expectWelcomeHome(page);

  const user = await readStorage<User>(page, 'user');
  expect(user).toEqual({
    id: expect.stringMatching(/^\d+$/),
    phone: '+1 415 555 0142',
    name: '',
    email: '',
    profilePicture: '',
  });
  expect(await readStorage(page, 'users')).toEqual([user]);
  expect(await readStorage(page, 'pendingOTP')).toBeNull();
});

test('a known phone signs in as the same user', async ({ page }) => {
  await seedStorage(page, { users: [SHOPPER] });
  await sendCode(page, SHOPPER.phone);
  await codeField(page).fill('123456');
  await verifyButton(page).click();
  await expectWelcomeHome(page);
  expect(await readStorage(page, 'user')).toEqual(SHOPPER);
  expect(await readStorage(page, 'users')).toEqual([SHOPPER]);
});

test('a phone typed with spaces around it is trimmed', async ({ page }) => {
  await sendCode(page, '   +44 20 7946 0958   ');
  expect(await readStorage(page, 'pendingOTP')).toEqual({ phone: '+44 20 7946 0958', otp: '123456' });
  await codeField(page).fill('123456');
  await verifyButton(page).click();
  await expectWelcomeHome(page);
  expect((await readStorage<User>(page, 'user'))?.phone).toBe('+44 20 7946 0958');
});

test('a phone of only spaces fails to send', async ({ page }) => {
  await openHydrated(page, '/auth');
  await phoneField(page).fill('    ');
  await sendButton(page).click();
  await expect(toastNamed(page, 'Failed to send OTP')).toHaveAttribute('data-type', 'error');
  await expect(codeField(page)).toHaveCount(0);
});

test('a phone with letters or of 200 characters gets its code like any other', async ({ page }) => {
  await sendCode(page, 'call me maybe');
  await expect(toastNamed(page, 'OTP Sent!')).toBeVisible();
  await page.getByRole('button', { name: 'Change phone number' }).click();

  const long = '5'.repeat(200);
  await phoneField(page).fill(long);
  await sendButton(page).click();
  await expect(page.getByText(long)).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(width).toBeLessThanOrEqual(0);
  await codeField(page).fill('123456');
  await verifyButton(page).click();
  await expectWelcomeHome(page);
});

test('double clicks on Send OTP and Verify OTP sign in once', async ({ page }) => {
  await openHydrated(page, '/auth');
  await phoneField(page).fill('+1 415 555 0142');
  await sendButton(page).dblclick();
  await expect(codeField(page)).toBeVisible();
  await codeField(page).fill('123456');
  await verifyButton(page).dblclick();
  await expectWelcomeHome(page);
  await expect(toastNamed(page, 'Invalid OTP')).toHaveCount(0);
  expect(await readStorage<User[]>(page, 'users')).toHaveLength(1);
});

test('a signed-in shopper who opens the sign-in page is sent home', async ({ page }) => {
  await seedStorage(page, { user: SHOPPER, users: [SHOPPER] });
  await page.goto('/auth');
  await page.waitForURL(HOME);
});

test('when storage is blocked, sending fails with a clear reason', async ({ page }) => {
  await blockStorageWrites(page);
  await openHydrated(page, '/auth');
  await phoneField(page).fill('+1 415 555 0142');
  await sendButton(page).click();
  const failed = toastNamed(page, 'Failed to send OTP');
  await expect(failed).toHaveAttribute('data-type', 'error');
  await expect(failed).toContainText('storage');
  await expect(codeField(page)).toHaveCount(0);
});

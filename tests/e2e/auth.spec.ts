import type { Page } from '@playwright/test';
import { freshPhone, nationalPhone, signIn, type ShopUser } from './account.ts';
import {
  blockStorageWrites,
  expect,
  holdRequests,
  openHydrated,
  readStorage,
  seedStorage,
  test,
  toastNamed,
} from './fixtures.ts';

const phoneField = (page: Page) => page.getByLabel('Phone number');
const codeField = (page: Page) => page.getByLabel('Six-digit code');
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send OTP' });
const verifyButton = (page: Page) => page.getByRole('button', { name: 'Verify OTP' });

/** A fresh phone as the shop keeps it (E.164), as a shopper types it, and as pages show it. */
function newPhone() {
  const typed = freshPhone();
  return { typed, e164: typed.replace(/\s/g, ''), shown: nationalPhone(typed) };
}

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

test('the phone step asks for a required phone number, with focus in it', async ({ page }) => {
  await openHydrated(page, '/auth');
  await expect(phoneField(page)).toHaveAttribute('type', 'tel');
  await expect(phoneField(page)).toHaveAttribute('required', '');
  await expect(phoneField(page)).toBeFocused();
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  await sendButton(page).click();
  await expect(codeField(page)).toHaveCount(0);
});

test('sending a code says so with the demo code, and keeps only the phone, never the code', async ({
  page,
}) => {
  const phone = newPhone();
  await sendCode(page, phone.typed);
  const sent = toastNamed(page, 'OTP Sent!');
  await expect(sent).toContainText('123456');
  await expect(sent).toHaveAttribute('data-type', 'success');
  // Shown as people at home write it, kept as the shop does.
  await expect(page.getByText(phone.shown, { exact: true })).toBeVisible();
  expect(await readStorage(page, 'pendingOTP')).toEqual({ phone: phone.e164 });
});

test('the code step is built for one-time codes, and offers a new code once the wait is over', async ({
  page,
}) => {
  await page.clock.install();
  await sendCode(page, newPhone().typed);
  await expect(codeField(page)).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField(page)).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByText('Test mode: use code 123456')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  await expect(page.getByText(/^Resend code in \d+ s$/)).toBeVisible();
  await page.clock.fastForward(61_000);
  await expect(page.getByRole('button', { name: 'Resend code' })).toBeVisible();
});

test('Verify OTP waits for six digits, letters are ignored, and the sixth digit sends the code by itself', async ({
  page,
}) => {
  await sendCode(page, newPhone().typed);
  await expect(verifyButton(page)).toBeDisabled();
  await codeField(page).pressSequentially('12a3b');
  await expect(codeField(page)).toHaveValue('123');
  await expect(verifyButton(page)).toBeDisabled();
  await codeField(page).pressSequentially('45');
  await expect(codeField(page)).toHaveValue('12345');
  await expect(verifyButton(page)).toBeDisabled();
  // Nothing more to press: the sixth digit signs in.
  await codeField(page).pressSequentially('6');
  await expectWelcomeHome(page);
});

test('a seventh digit is not taken, and a wrong code sent by itself can be mended and sent again', async ({
  page,
}) => {
  await sendCode(page, newPhone().typed);
  await codeField(page).pressSequentially('6543210');
  await expect(codeField(page)).toHaveValue('654321');
  await expect(toastNamed(page, 'Invalid OTP')).toBeVisible();
  await expect(verifyButton(page)).toBeEnabled();
  await codeField(page).press('Backspace');
  await expect(verifyButton(page)).toBeDisabled();
  await codeField(page).fill('123456');
  await expectWelcomeHome(page);
});

test('a whole code pasted with spaces lands as six digits, and is sent', async ({ page }) => {
  await sendCode(page, newPhone().typed);
  await codeField(page).pressSequentially('9');
  await codeField(page).evaluate((input) => {
    const data = new DataTransfer();
    data.setData('text/plain', ' 123 456 ');
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expectWelcomeHome(page);
});

test('a wrong code is refused by the shop and the shopper can try again', async ({ page }) => {
  await sendCode(page, newPhone().typed);
  await codeField(page).fill('654321');
  const refused = toastNamed(page, 'Invalid OTP');
  await expect(refused).toContainText('Please check and try again');
  await expect(refused).toHaveAttribute('data-type', 'error');
  expect(await readStorage(page, 'user')).toBeNull();

  await codeField(page).fill('123456');
  await expectWelcomeHome(page);
});

test('Change phone number goes back to the phone step and clears the code', async ({ page }) => {
  const first = newPhone();
  const second = newPhone();
  await sendCode(page, first.typed);
  await codeField(page).fill('1234');
  await page.getByRole('button', { name: 'Change phone number' }).click();
  await expect(phoneField(page)).toHaveValue(first.typed);
  await phoneField(page).fill(second.typed);
  await sendButton(page).click();
  await expect(codeField(page)).toHaveValue('');
  await expect(page.getByText(second.shown, { exact: true })).toBeVisible();
});

test('a new phone signs in as a new account and lands home welcomed', async ({ page, context }) => {
  const phone = newPhone();
  await sendCode(page, phone.typed);
  await codeField(page).fill('123456');
  await expectWelcomeHome(page);

  expect(await readStorage(page, 'user')).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    phone: phone.e164,
    phoneDisplay: phone.shown,
    name: '',
    email: '',
    profilePicture: '',
  });
  expect(await readStorage(page, 'users')).toBeNull();
  expect(await readStorage(page, 'pendingOTP')).toBeNull();
  const [session] = (await context.cookies()).filter((cookie) => cookie.name === 'session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain(session?.value);
});

test('the same phone, however it is written, signs in as the same account in another browser', async ({
  page,
  browser,
}) => {
  const phone = newPhone();
  const first = await signIn(page, { phone: phone.typed });
  const other = await browser.newPage();
  await sendCode(other, phone.e164.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3'));
  await codeField(other).fill('123456');
  await expectWelcomeHome(other);
  expect((await readStorage<ShopUser>(other, 'user'))?.id).toBe(first.id);
  await other.close();
});

test('letters, or too few or too many digits, are refused on the phone step with a clear message', async ({
  page,
}) => {
  await openHydrated(page, '/auth');
  for (const [typed, message] of [
    ['call me maybe', /only digits/],
    ['12345', /7 to 15 digits/],
    ['5'.repeat(30), /7 to 15 digits/],
  ] as const) {
    await phoneField(page).fill(typed);
    await sendButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(phoneField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(toastNamed(page, 'Failed to send OTP')).toHaveAttribute('data-type', 'error');
    await expect(codeField(page)).toHaveCount(0);
    await expect(phoneField(page)).toHaveValue(typed);
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(width).toBeLessThanOrEqual(0);
});

test('a phone of only spaces fails to send', async ({ page }) => {
  await openHydrated(page, '/auth');
  await phoneField(page).fill('    ');
  await sendButton(page).click();
  await expect(toastNamed(page, 'Failed to send OTP')).toHaveAttribute('data-type', 'error');
  await expect(codeField(page)).toHaveCount(0);
});

test('the same phone again within a minute sends nothing new and goes back to the code it has', async ({
  page,
}) => {
  const phone = newPhone();
  await sendCode(page, phone.typed);
  await page.getByRole('button', { name: 'Change phone number' }).click();
  await phoneField(page).fill(phone.typed);
  await sendButton(page).click();
  await expect(codeField(page)).toBeVisible();
  await expect(toastNamed(page, 'Failed to send OTP')).toHaveCount(0);
  await expect(page.getByText(/^Resend code in \d+ s$/)).toBeVisible();
  await codeField(page).fill('123456');
  await expectWelcomeHome(page);
});

test('double clicks on Send OTP and Verify OTP sign in once', async ({ page }) => {
  await openHydrated(page, '/auth');
  await phoneField(page).fill(newPhone().typed);
  await sendButton(page).dblclick();
  await expect(codeField(page)).toBeVisible();
  await expect(toastNamed(page, 'Failed to send OTP')).toHaveCount(0);
  await codeField(page).fill('12345');
  // The sixth digit sends the code; a double click on Verify OTP while it is checked sends nothing more.
  const checks: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/auth/session'))
      checks.push(request.url());
  });
  const release = await holdRequests(page, '**/api/v1/auth/session');
  await codeField(page).press('6');
  await expect.poll(() => checks.length).toBe(1);
  await verifyButton(page).dblclick({ force: true });
  release();
  await expectWelcomeHome(page);
  expect(checks).toHaveLength(1);
  await expect(toastNamed(page, 'Invalid OTP')).toHaveCount(0);
});

test('a signed-in shopper who opens the sign-in page is sent home', async ({ page }) => {
  await signIn(page);
  await page.goto('/auth');
  await page.waitForURL(HOME);
});

test('when storage is blocked, sending fails with a clear reason and no code is sent', async ({ page }) => {
  await blockStorageWrites(page);
  await openHydrated(page, '/auth');
  await phoneField(page).fill(newPhone().typed);
  await sendButton(page).click();
  const failed = toastNamed(page, 'Failed to send OTP');
  await expect(failed).toHaveAttribute('data-type', 'error');
  await expect(failed).toContainText('storage');
  await expect(codeField(page)).toHaveCount(0);
});

test('a forged user in storage is signed in nowhere: account pages send it to sign in', async ({ page }) => {
  await seedStorage(page, {
    user: { id: 'forged', phone: '+14155550100', name: 'Mallory', email: '', profilePicture: '' },
  });
  await page.goto('/my-orders');
  await page.waitForURL(/\/auth\?next=%2Fmy-orders$/);
  expect(await readStorage(page, 'user')).toBeNull();
  const orders = await page.request.get('/api/v1/orders');
  expect(orders.status()).toBe(401);
});

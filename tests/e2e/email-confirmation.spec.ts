import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startMailCatcher, type MailCatcher } from '../support/mailCatcher.ts';
import { startServer, type ShopServer } from '../support/server.ts';
import { sqliteDatabase, type TestDatabase } from '../support/databases.ts';
import { SAFFRON_LINE } from '../support/shopData.ts';
import { placeOrder, signIn } from './account.ts';
import { expect, test, toastNamed } from './fixtures.ts';

// The shop's emails reach a mailbox of the test's own: a stand-in SMTP server on this machine.
let mailbox: MailCatcher;
let database: TestDatabase;
let server: ShopServer;

test.beforeAll(async () => {
  mailbox = await startMailCatcher();
  database = sqliteDatabase();
  server = await startServer({ ...database.env, ...mailbox.env, RATE_LIMIT_PER_MINUTE: '1000' });
});
test.afterAll(async () => {
  await server.stop();
  await mailbox.close();
  await database.drop();
});

/** The newest email to `address` with `subject`, once it has come. */
async function emailTo(address: string, subject: string | RegExp) {
  await expect
    .poll(
      () =>
        mailbox.emails.filter((email) => email.to.includes(address) && email.subject.match(subject)).length,
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThan(0);
  return mailbox.emails.filter((email) => email.to.includes(address) && email.subject.match(subject)).at(-1)!;
}

/** The path of the confirmation link in an email: it leads to SITE_URL, this test's server is elsewhere. */
const confirmationPath = (text: string) => {
  const link = /https?:\/\/\S+\/confirm-email\?t=[\w-]+/.exec(text)?.[0];
  expect(link, 'a confirmation link').toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
};

const ordersCommand = (...args: string[]) =>
  promisify(execFile)(process.execPath, ['scripts/orders.ts', ...args], {
    env: { ...process.env, ...database.env },
  });

test('order emails wait for the address to be confirmed through the link in a first email', async ({
  browser,
}) => {
  test.slow();
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const address = `asha-${Date.now()}@example.com`;
  await signIn(page, { name: 'Asha Rao' });

  // A new address: the profile says it is not confirmed, and one email asks to confirm it.
  await page.goto('/profile');
  await page.getByLabel('Email Address').fill(address);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastNamed(page, 'Profile updated successfully!')).toContainText(
    `We sent a link to confirm ${address}`,
  );
  await expect(page.getByText('Not confirmed yet.')).toBeVisible();
  const first = await emailTo(address, 'Confirm your email address');

  // Until it is confirmed, an order's news comes by text only.
  const order = await placeOrder(page, [SAFFRON_LINE]);
  await expect.poll(() => server.output()).toContain(order.id);

  // Following the link confirms it, once; the token never reaches the server's log.
  const path = confirmationPath(first.text);
  const stranger = await browser.newPage({ baseURL: server.url });
  await stranger.goto(path);
  await expect(stranger.getByRole('status')).toContainText(`${address} is confirmed`);
  await stranger.reload();
  await expect(stranger.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await stranger.close();
  expect(server.output()).not.toContain(new URLSearchParams(path.split('?')[1]).get('t'));

  await page.goto('/profile');
  await expect(page.getByText('Confirmed: receipts and order news go to this address.')).toBeVisible();
  await ordersCommand('ship', order.id, '--carrier', 'UPS', '--tracking', '1Z999AA1');
  await emailTo(address, `Your order ${order.id} is on its way`);
  expect(mailbox.emails.filter((email) => email.subject === `Your order ${order.id} is placed`)).toEqual([]);
  await context.close();
});

test('the profile sends a new link for an unconfirmed address, and only the newest works', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const address = `ravi-${Date.now()}@example.com`;
  await signIn(page, { name: 'Ravi Iyer', email: address });
  const first = await emailTo(address, 'Confirm your email address');

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(toastNamed(page, 'Confirmation link sent')).toContainText(`We sent a new link to ${address}`);
  await expect
    .poll(() => mailbox.emails.filter((email) => email.to.includes(address)).length, { timeout: 15_000 })
    .toBe(2);
  const second = await emailTo(address, 'Confirm your email address');

  await page.goto(confirmationPath(first.text));
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await page.goto(confirmationPath(second.text));
  await expect(page.getByRole('status')).toContainText(`${address} is confirmed`);
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Send a new link' })).toHaveCount(0);
  await expect(page.getByText('Confirmed: receipts and order news go to this address.')).toBeVisible();
  await context.close();
});

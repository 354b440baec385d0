import type { Page } from '@playwright/test';
import { createStore } from '#src/server/store/index.ts';
import { SITE } from '#src/lib/site.ts';
import { CONTACT_MESSAGE } from '../support/shopData.ts';
import { expect, holdRequests, test, workerDataDir } from './fixtures.ts';

const API = '**/api/v1/contact/create';

async function fillForm(page: Page, values: typeof CONTACT_MESSAGE) {
  await page.getByLabel('Name', { exact: true }).fill(values.name);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Message', { exact: true }).fill(values.message);
}

async function expectFormToHold(page: Page, values: typeof CONTACT_MESSAGE) {
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(values.name);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(values.email);
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(values.message);
}

/** The toast titled `title`, with its description and whether it is the destructive kind. */
function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ has: page.getByText(title, { exact: true }) });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('sends a message: the button reads Sending... meanwhile, then Message sent! and the form is cleared', async ({
  page,
}) => {
  const message = `Please call me back about bulk cumin. ${Date.now()}`;
  const release = await holdRequests(page, API);
  await fillForm(page, { ...CONTACT_MESSAGE, message });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();

  const sent = toast(page, 'Message sent!');
  await expect(sent).toContainText("We'll get back to you as soon as possible.");
  await expect(sent).toHaveAttribute('data-type', 'success');
  await expectFormToHold(page, { name: '', email: '', message: '' });
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  // sonner's injected stylesheet applies under the Content-Security-Policy.
  await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');

  const store = createStore({ dataDir: workerDataDir() });
  const stored = await store.recentMessages(100);
  await store.close();
  expect(stored).toContainEqual(expect.objectContaining({ ...CONTACT_MESSAGE, message }));
});

test('a refusal shows Something went wrong! with the server message and keeps what was typed', async ({
  page,
}) => {
  await page.route(API, (route) =>
    route.fulfill({
      status: 400,
      json: { success: false, message: 'Message must be at most 5,000 characters.' },
    }),
  );
  await fillForm(page, CONTACT_MESSAGE);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const refused = toast(page, 'Something went wrong!');
  await expect(refused).toContainText('Message must be at most 5,000 characters.');
  await expect(refused).toHaveAttribute('data-type', 'error');
  await expectFormToHold(page, CONTACT_MESSAGE);
});

test('a refusal without a message says Please try again later.', async ({ page }) => {
  await page.route(API, (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
  );
  await fillForm(page, CONTACT_MESSAGE);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const refused = toast(page, 'Something went wrong!');
  await expect(refused).toContainText('Please try again later.');
  await expect(refused).toHaveAttribute('data-type', 'error');
});

test('the real server’s refusal reaches the shopper', async ({ page }) => {
  // The browser accepts an address without a dot in the domain; the server does not.
  await fillForm(page, { ...CONTACT_MESSAGE, email: 'asha@localhost' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Something went wrong!')).toContainText('Email must be a valid email address.');
  await expectFormToHold(page, { ...CONTACT_MESSAGE, email: 'asha@localhost' });
});

test('a network failure shows Error with the connection hint and keeps what was typed', async ({ page }) => {
  await page.route(API, (route) => route.abort('internetdisconnected'));
  await fillForm(page, CONTACT_MESSAGE);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const failed = toast(page, 'Error');
  await expect(failed).toContainText('Unable to send message. Please check your connection.');
  await expect(failed).toHaveAttribute('data-type', 'error');
  await expectFormToHold(page, CONTACT_MESSAGE);
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('every field is required and the email field takes an email', async ({ page }) => {
  let posted = 0;
  await page.route(API, (route) => {
    posted += 1;
    return route.continue();
  });
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
  for (const label of ['Name', 'Email', 'Message']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('required', '');
  }
  await page.getByRole('button', { name: 'Send Message' }).click();
  await fillForm(page, { ...CONTACT_MESSAGE, email: 'not an email' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect(
    await page.getByLabel('Email', { exact: true }).evaluate((el: HTMLInputElement) => el.validity.valid),
  ).toBe(false);
  expect(posted).toBe(0);
});

test('the cards give the email, phone and postal address', async ({ page }) => {
  await expect(page.getByRole('link', { name: /Email us/ })).toHaveAttribute('href', `mailto:${SITE.email}`);
  await expect(page.getByRole('link', { name: /Call us/ })).toHaveAttribute('href', 'tel:+14155550147');
  const address = page.locator('address');
  for (const part of [SITE.address.street, SITE.address.city, SITE.address.postalCode]) {
    await expect(address).toContainText(part);
  }
});

test('the map loads nothing until the shopper shows it, and is always a link', async ({ page }) => {
  const mapRequests: string[] = [];
  await page.route('https://www.openstreetmap.org/**', (route) => {
    mapRequests.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<p>map</p>' });
  });
  await page.goto('/contact');
  await page.getByText('Find us on the map').scrollIntoViewIfNeeded();
  const link = page.getByRole('link', { name: `Open ${SITE.address.street} on OpenStreetMap` });
  await expect(link).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
  expect(mapRequests).toEqual([]);

  await page.getByText('Show map').click();
  await expect(page.frameLocator('iframe[title^="Map showing"]').getByText('map')).toBeVisible();
  expect(mapRequests[0]).toContain('/export/embed.html');
});

test('a toast queued before a navigation shows on the home page (client:interaction under the policy)', async ({
  page,
}) => {
  await page.evaluate(() =>
    sessionStorage.setItem('flashToast', JSON.stringify({ kind: 'success', title: 'Welcome!' })),
  );
  await page.goto('/');
  await expect(toast(page, 'Welcome!')).toBeVisible();
});

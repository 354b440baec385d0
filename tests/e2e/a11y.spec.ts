import type { Page } from '@playwright/test';
import { ROUTES } from '../../scripts/shop-pages.mjs';
import { axeViolations } from './axe.ts';
import { test, expect, scrollIntoStyledView, toastNamed } from './fixtures.ts';
import { freshPhone } from './account.ts';
import { approveNewestReview, deliveredBuyer, writeReview } from './reviews.ts';
import { realPath, seedShopper } from './shop.ts';

// A test that signed in, opened a form and scanned took 22 s of the default 30 in a full run on
// two busy cores, when each scan also opened a page of its own (tests/e2e/axe.ts); a slower
// machine takes more.
test.describe.configure({ timeout: 60_000 });

/** Runs axe on the page as it is now; a violation fails with its rule and elements. */
async function expectNoViolations(page: Page, where: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // A toast fades in once sonner has mounted it: wait for that, so its fade is seen below.
  await page.waitForFunction(
    () => document.querySelector('[data-sonner-toast]:not([data-mounted="true"])') === null,
  );
  // Colours are judged at rest, not halfway through a toast's or a menu's fade.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  expect(await axeViolations(page), `axe violations on ${where}`).toEqual([]);
}

/**
 * Opens a route and checks it answers with the status it should (200, or 404 on purpose), itself:
 * an account page that sent the shopper to sign in would have the sign-in page scanned instead.
 */
async function open(page: Page, path: string, expected = 200): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers`).toBe(expected);
  expect(new URL(page.url()).pathname, `${path} is not sent elsewhere`).toBe(path);
}

for (const route of ROUTES) {
  if (!route.signedIn) {
    test(`${route.path} has no WCAG 2.2 AA violations for a visitor`, async ({ page, baseURL }) => {
      await open(page, await realPath(route.path, baseURL ?? ''), route.status);
      await expectNoViolations(page, `${route.path} (signed out)`);
    });
  }
  if (route.visitorOnly) continue;
  // A static page differs for a signed-in shopper only in its top bar, the same on each of them:
  // one is scanned that way (every other route draws something of the shopper's own).
  if (route.budget === 'static' && route.path !== '/about') continue;
  test(`${route.path} has no WCAG 2.2 AA violations for a signed-in shopper with a cart and orders`, async ({
    page,
    baseURL,
  }) => {
    const shopper = await seedShopper(page, baseURL ?? '');
    await open(page, await realPath(route.path, baseURL ?? '', shopper.orderId), route.status);
    await expectNoViolations(page, `${route.path} (signed in)`);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const signedIn of [false, true]) {
    test(`the open mobile menu has no violations ${signedIn ? 'when signed in' : 'for a visitor'}`, async ({
      page,
      baseURL,
    }) => {
      if (signedIn) await seedShopper(page, baseURL ?? '');
      await page.goto('/');
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await expectNoViolations(
        page,
        `/ with the mobile menu open (${signedIn ? 'signed in' : 'signed out'})`,
      );
    });
  }
});

test('the open user menu has no violations', async ({ page, baseURL }) => {
  await seedShopper(page, baseURL ?? '');
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('link', { name: 'My Orders' }).first()).toBeVisible();
  await expectNoViolations(page, '/ with the user menu open');
});

test('the sign-in code step has no violations', async ({ page }) => {
  await open(page, '/auth');
  await page.getByRole('textbox').first().fill(freshPhone());
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('button', { name: 'Verify OTP' })).toBeVisible();
  // expectNoViolations waits for the toast's fade: read halfway, its contrast was 2.16 once.
  await expectNoViolations(page, '/auth at the code step, with the toast');
});

test('the checkout address form has no violations', async ({ page, baseURL }) => {
  await seedShopper(page, baseURL ?? '');
  await open(page, '/checkout');
  await page.getByRole('button', { name: 'Add New' }).click();
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(toastNamed(page, 'Please fill all required fields')).toBeVisible();
  await expectNoViolations(page, '/checkout with the address form open and its error toast');
});

test('the profile address form has no violations', async ({ page, baseURL }) => {
  await seedShopper(page, baseURL ?? '');
  await open(page, '/profile');
  await page.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectNoViolations(page, '/profile with the address form open');
});

test('an order with its details open has no violations', async ({ page, baseURL }) => {
  await seedShopper(page, baseURL ?? '');
  await open(page, '/my-orders');
  await page.getByRole('button', { name: 'View Details' }).first().click();
  await expectNoViolations(page, '/my-orders with the details open');
});

test('a product page with its toast has no violations', async ({ page, baseURL }) => {
  await open(page, await realPath('/products/:product', baseURL ?? ''));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart', { exact: true })).toBeVisible();
  await expectNoViolations(page, 'a product page with the "Added to cart" toast');
});

test('a product page with approved reviews, and its review form showing an error, have no violations', async ({
  page,
  browser,
}) => {
  // Two buyers, each shipped and delivered by the merchant's commands: processes of their own.
  test.setTimeout(180_000);
  await deliveredBuyer(page, 'nigella-seeds', '100 g', 'Priya Shah');
  await page.goto('/products/nigella-seeds');
  await writeReview(page, { stars: 5, title: 'Onion-sweet', text: 'Great on naan.\nFresh and black.' });
  await approveNewestReview('nigella-seeds');
  // The reviews are read through a cache kept a minute: a new context reads them afresh.
  const visitor = await (await browser.newContext()).newPage();
  await open(visitor, '/products/nigella-seeds');
  // The reviews are read when the shopper scrolls near them.
  await scrollIntoStyledView(visitor.locator('#reviews'));
  await expect(visitor.locator('#reviews').getByText('Verified buyer')).toBeVisible();
  await expectNoViolations(visitor, 'a product page with reviews');
  await visitor.context().close();

  await deliveredBuyer(page, 'nigella-seeds', '100 g', 'Sam Lee');
  await open(page, '/products/nigella-seeds');
  // The form's island hydrates once it is in view.
  await scrollIntoStyledView(page.locator('#reviews'));
  await page.locator('#reviews').getByRole('button', { name: 'Write a review' }).click();
  await page.locator('#reviews').getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Rating: choose from 1 to 5 stars.')).toBeVisible();
  await expectNoViolations(page, 'the review form with an error');
});

for (const { name, width, height } of [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a desktop', width: 1280, height: 900 },
]) {
  test(`the top bar's open suggestions have no violations on ${name}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/about');
    if (width < 1280) await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByLabel('Search the shop').pressSequentially('cum');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expectNoViolations(page, `/about with the search suggestions open (${name})`);
  });
}

test('the open filter sheet on a phone has no violations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/products');
  await page.getByRole('button', { name: 'Filter & sort' }).click();
  await expect(page.getByRole('dialog', { name: 'Filter & sort' })).toBeVisible();
  await expectNoViolations(page, '/products with the filter sheet open');
});

test('the scan reports what it is there to find', async ({ page }) => {
  await open(page, '/about');
  await page.locator('main').evaluate((main) => {
    main.insertAdjacentHTML(
      'afterbegin',
      '<p style="color:#bbb;background:#fff">Faint words</p><button type="button"><svg></svg></button>',
    );
  });
  const found = await axeViolations(page);
  expect(found.map((violation) => violation.split(' ')[0])).toEqual(
    expect.arrayContaining(['color-contrast', 'button-name']),
  );
  expect(found.join('\n')).toContain('Fix any of the following');
});

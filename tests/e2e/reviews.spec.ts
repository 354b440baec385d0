// Reviews in the browser: a buyer with a delivered order writes one, it waits for the merchant's
// `npm run reviews -- approve`, then the product page and the catalogue card show it. The public
// read is kept a minute, so each look after a change is taken in a browser context of its own.
import type { Browser } from '@playwright/test';
import { signIn } from './account.ts';
import { expect, scrollIntoStyledView, test } from './fixtures.ts';
import { approveNewestReview, deliveredBuyer, writeReview } from './reviews.ts';

// Each test signs in, orders, and has the merchant ship and deliver: several processes on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** A product no other test reviews. */
const STAR_ANISE = { productId: 'star-anise', pack: '50 g' };

/** The product page in a fresh context (no cached read), scrolled to its reviews. */
async function freshLook(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/products/${STAR_ANISE.productId}`, { waitUntil: 'domcontentloaded' });
  const reviews = page.locator('#reviews');
  await scrollIntoStyledView(reviews);
  return { page, reviews, close: () => context.close() };
}

test('a buyer writes a review; it shows on the product page and the card only once the merchant approves it', async ({
  page,
  browser,
}) => {
  await deliveredBuyer(page, STAR_ANISE.productId, STAR_ANISE.pack, 'Nadia Karim');
  await page.goto(`/products/${STAR_ANISE.productId}`);
  await writeReview(page, { stars: 4, title: 'Sweet and strong', text: 'Whole stars, no broken bits.' });

  const before = await freshLook(browser);
  await expect(before.reviews.getByText(/^No reviews yet\. Buyers/)).toBeVisible();
  await expect(before.reviews.getByText('Sweet and strong')).toHaveCount(0);
  await before.close();

  await approveNewestReview(STAR_ANISE.productId);
  const after = await freshLook(browser);
  const review = after.reviews.getByRole('listitem').filter({ hasText: 'Sweet and strong' });
  await expect(review).toContainText('Nadia K.');
  await expect(review).toContainText('Verified buyer');
  await expect(review).toContainText('Whole stars, no broken bits.');
  await expect(review.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(after.reviews.locator('[data-review-average]')).toHaveText('4.0');
  await expect(after.reviews.getByText(/^Based on \d+ reviews?$/)).toBeVisible();
  await expect(after.reviews.getByText(/^No reviews yet\. Buyers/)).toBeHidden();
  await after.close();

  const context = await browser.newContext();
  const catalogue = await context.newPage();
  await catalogue.goto('/products?sort=rating', { waitUntil: 'domcontentloaded' });
  await expect(catalogue.locator(`[data-rating-for="${STAR_ANISE.productId}"]`)).toHaveAttribute(
    'data-label',
    /^4\.0 out of 5 stars, \d+ reviews?$/,
  );
  await context.close();
});

test('the buyer edits the review back into the queue, and deletes it', async ({ page }) => {
  await deliveredBuyer(page, 'dried-spearmint', '30 g', 'Omar Haddad');
  await page.goto('/products/dried-spearmint');
  await writeReview(page, { stars: 5, title: 'Hot and bright', text: '' });
  const reviews = page.locator('#reviews');
  await reviews.getByRole('button', { name: 'Edit review' }).click();
  await expect(reviews.getByRole('radio', { name: '5 stars' })).toBeChecked();
  // 100 characters, as the shop counts them: each of these is two units of a field's maxlength.
  const title = reviews.getByLabel('Title');
  await title.fill('🌶'.repeat(101));
  await reviews.getByRole('button', { name: 'Submit review' }).click();
  await expect(title).toHaveAccessibleDescription('Title must be at most 100 characters.');
  await title.fill('🌶'.repeat(100));
  await expect(title).toHaveValue('🌶'.repeat(100));
  await reviews.getByRole('radio', { name: '3 stars' }).check();
  await reviews.getByRole('button', { name: 'Submit review' }).click();
  await expect(reviews.getByText('Waiting for us to read it')).toBeVisible();
  await reviews.getByRole('button', { name: 'Delete review' }).click();
  await expect(reviews.getByRole('button', { name: 'Write a review' })).toBeVisible();
});

test('a missing rating is named next to the stars, and nothing is sent; focus goes to the first field named', async ({
  page,
}) => {
  await deliveredBuyer(page, 'greek-oregano', '30 g', 'Lena Fischer');
  await page.goto('/products/greek-oregano');
  const reviews = page.locator('#reviews');
  await scrollIntoStyledView(reviews);
  await reviews.getByRole('button', { name: 'Write a review' }).click();
  await reviews.getByRole('button', { name: 'Submit review' }).press('Enter');
  const stars = reviews.getByRole('group', { name: /Your rating/ });
  await expect(stars).toHaveAccessibleDescription('Rating: choose from 1 to 5 stars.');
  // A screen reader hears the error as focus lands on the stars it describes.
  await expect(stars.getByRole('radio').first()).toBeFocused();

  await stars.getByRole('radio').nth(3).check();
  const title = reviews.getByLabel('Title (optional)');
  await title.fill('x'.repeat(101));
  await reviews.getByRole('button', { name: 'Submit review' }).press('Enter');
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toBeFocused();
});

test('when the shop cannot be reached, the review box says so and Try again asks once more', async ({
  page,
}) => {
  await deliveredBuyer(page, 'amchur', '100 g', 'Omar Haddad');
  let failures = 1;
  await page.route('**/api/v1/account/reviews/amchur', (route) =>
    failures-- > 0 ? route.abort('connectionreset') : route.continue(),
  );
  await page.goto('/products/amchur');
  const reviews = page.locator('#reviews');
  await scrollIntoStyledView(reviews);
  await expect(reviews.getByText('We could not reach the shop. Please try again.')).toBeVisible();
  await reviews.getByRole('button', { name: 'Try again' }).click();
  await expect(reviews.getByRole('button', { name: 'Write a review' })).toBeFocused();
  await expect(reviews.getByText('We could not reach the shop. Please try again.')).toHaveCount(0);
});

test('a signed-out visitor is offered sign-in; a shopper without a delivered order is told only buyers review', async ({
  page,
}) => {
  await page.goto(`/products/${STAR_ANISE.productId}`);
  const reviews = page.locator('#reviews');
  await scrollIntoStyledView(reviews);
  await expect(reviews.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    /^\/auth\?.*star-anise/,
  );

  await signIn(page);
  await page.goto(`/products/${STAR_ANISE.productId}`);
  await scrollIntoStyledView(reviews);
  await expect(reviews.getByText(/^Only buyers of this product can review it/)).toBeVisible();
  await expect(reviews.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
  const refused = await page.request.put(`/api/v1/account/reviews/${STAR_ANISE.productId}`, {
    data: { rating: 5 },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(/^Only buyers of this product/);
});

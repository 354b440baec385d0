// Reviews where shoppers look: a delivered order's line opens the product's review form, the
// rating's error goes once stars are chosen, a product without reviews invites the first in one
// line instead of empty bars, and once approved its stars sit under its title, linking to them.
// The public reads are kept a minute, so each look after a change is a browser context of its own.
import type { Browser } from '@playwright/test';
import { expect, scrollIntoStyledView, test } from './fixtures.ts';
import { approveNewestReview, deliveredBuyer } from './reviews.ts';

// Each test signs in, orders, and has the merchant ship and deliver: several processes on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** A product no other test reviews, counts or buys out. */
const TURMERIC = { productId: 'lakadong-turmeric', pack: '100 g', name: 'Lakadong Turmeric (100 g)' };

async function freshLook(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/products/${TURMERIC.productId}`, { waitUntil: 'domcontentloaded' });
  return { page, close: () => context.close() };
}

test('"Write a review" on a delivered order opens the form; the stars clear the rating error; approved, the stars show under the title', async ({
  page,
  browser,
}) => {
  await deliveredBuyer(page, TURMERIC.productId, TURMERIC.pack, 'Mina Park');

  // Before any review: one line invites the first, no empty bars.
  const before = await freshLook(browser, 390);
  const reviews = before.page.locator('#reviews');
  await scrollIntoStyledView(reviews);
  await expect(
    reviews.getByText('No reviews yet. Buyers of Lakadong Turmeric can write the first one.'),
  ).toBeVisible();
  await expect(reviews.getByRole('list', { name: 'Reviews per rating' })).toBeHidden();
  await expect(before.page.locator('main a[href="#reviews"]')).toBeHidden();
  await before.close();

  await page.goto('/my-orders');
  const write = page.getByRole('link', { name: `Write a review of ${TURMERIC.name}` });
  await expect(write).toHaveText('Write a review');
  await write.click();
  await expect(page).toHaveURL(new RegExp(`/products/${TURMERIC.productId}#write-review$`));
  const form = page.locator('#reviews');
  const submit = form.getByRole('button', { name: 'Submit review' });
  await expect(submit).toBeVisible();

  await submit.click();
  const ratingError = form.getByText('Rating: choose from 1 to 5 stars.');
  await expect(ratingError).toBeVisible();
  await form.getByRole('radio', { name: '4 stars' }).check();
  await expect(ratingError).toBeHidden();
  await submit.click();
  await expect(form.getByRole('button', { name: 'Edit review' })).toBeVisible();

  await approveNewestReview(TURMERIC.productId);
  for (const width of [390, 1280]) {
    const after = await freshLook(browser, width);
    const stars = after.page.getByRole('link', { name: '4.0 out of 5 stars, 1 review' });
    await expect(stars).toBeVisible();
    await expect(stars).toHaveAttribute('href', '#reviews');
    await stars.click();
    const summary = after.page.locator('#reviews');
    await expect(summary.getByRole('list', { name: 'Reviews per rating' })).toBeVisible();
    await expect(summary.getByText(/^No reviews yet/)).toBeHidden();
    await after.close();
  }
});

import { expect, type Page } from '@playwright/test';
import { scrollIntoStyledView } from './fixtures.ts';
import { placeOrder, signIn } from './account.ts';
import { merchant } from './merchant.ts';

/**
 * Signs a new shopper named `name` in, with an order of one pack of `productId` placed through the
 * shop's API and then shipped and delivered by the merchant's `npm run orders`.
 */
export async function deliveredBuyer(page: Page, productId: string, pack: string, name: string) {
  const user = await signIn(page, { name });
  const order = await placeOrder(page, [{ productId, pack, quantity: 1 }]);
  await merchant('orders', 'ship', order.id);
  await merchant('orders', 'deliver', order.id);
  return user;
}

/** Approves the newest review of `productId` waiting in `npm run reviews`; answers its id. */
export async function approveNewestReview(productId: string): Promise<string> {
  const waiting = await merchant('reviews');
  const ids = [...waiting.matchAll(new RegExp(`^(R-[0-9a-f]{10})\\s+\\S+\\s+${productId}\\s`, 'gm'))];
  const id = ids.at(-1)?.[1];
  expect(id, `a review of ${productId} waits in:\n${waiting}`).toBeTruthy();
  expect(await merchant('reviews', 'approve', id ?? '')).toContain(`${id} approved`);
  return id ?? '';
}

/**
 * Writes a review through the product page's form (scrolled to, so its island hydrates): the
 * stars, then the title and the text.
 */
export async function writeReview(page: Page, review: { stars: number; title: string; text: string }) {
  const reviews = page.locator('#reviews');
  await scrollIntoStyledView(reviews);
  await reviews.getByRole('button', { name: 'Write a review' }).click();
  await reviews.getByRole('radio', { name: `${review.stars} stars` }).check();
  await reviews.getByLabel('Title').fill(review.title);
  await reviews.getByLabel('Your review').fill(review.text);
  await reviews.getByRole('button', { name: 'Submit review' }).click();
  await expect(reviews.getByText('Waiting for us to read it')).toBeVisible();
}

import type { Locator, Page } from '@playwright/test';
import { freshPhone, signIn } from './account.ts';
import { expect, openHydrated, test, toastNamed } from './fixtures.ts';

/**
 * How far below the first screen the footer starts, in CSS pixels, once `last` (the end of what
 * the island drew) is shown, leaving out the demo shop's banner above the page (the tests' shop is
 * a demo; a real one has none). The room an island keeps ends at the fold (the footer just below
 * it, so that nothing shifts); a screen's height more was an empty band.
 */
async function footerBelowFold(page: Page, last: Locator): Promise<number> {
  await expect(last).toBeVisible();
  const footer = await page.getByRole('contentinfo').boundingBox();
  if (!footer) throw new Error('the footer is on the page');
  const banner = await page.getByRole('complementary', { name: 'Demo' }).boundingBox();
  return footer.y - (banner?.height ?? 0) - page.viewportSize()!.height;
}

test('on a phone, the sign-in toast stays clear of Verify OTP', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHydrated(page, '/auth');
  await page.getByLabel('Phone number').fill(freshPhone());
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const sent = toastNamed(page, 'OTP Sent!');
  await expect(sent).toBeVisible();
  const verify = page.getByRole('button', { name: 'Verify OTP' });
  await expect(verify).toBeInViewport();
  const [toastBox, buttonBox] = [await sent.boundingBox(), await verify.boundingBox()];
  if (!toastBox || !buttonBox) throw new Error('the toast and the button are drawn');
  const overlaps =
    toastBox.y < buttonBox.y + buttonBox.height &&
    buttonBox.y < toastBox.y + toastBox.height &&
    toastBox.x < buttonBox.x + buttonBox.width &&
    buttonBox.x < toastBox.x + toastBox.width;
  expect(overlaps).toBe(false);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`an empty wishlist keeps no screen of empty room above the footer (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openHydrated(page, '/wishlist');
    const browse = page.getByRole('main').getByRole('link', { name: 'Browse Products' });
    expect(await footerBelowFold(page, browse)).toBeLessThan(200);
  });

  test(`My Orders with no orders keeps no screen of empty room once drawn (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page);
    await openHydrated(page, '/my-orders');
    await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
    const browse = page.getByRole('main').getByRole('link', { name: 'Browse Products' });
    expect(await footerBelowFold(page, browse)).toBeLessThan(200);
  });
}

test('the sustainability goals line their figures and bars up side by side', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/sustainability');
  const goals = page.getByRole('list').filter({ has: page.getByRole('heading', { level: 3 }) });
  const figures = goals.getByText(/^\d+%$/);
  await expect(figures).toHaveCount(3);
  const tops = await figures.evaluateAll((spans) => spans.map((span) => span.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  const bars = await goals
    .getByRole('listitem')
    .evaluateAll((cards) => cards.map((card) => card.lastElementChild?.getBoundingClientRect().top));
  expect(new Set(bars).size).toBe(1);
});

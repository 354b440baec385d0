import { test, expect } from './fixtures.ts';

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the top bar keeps the wishlist heart beside search, cart and account, all on one line', async ({
    page,
  }) => {
    await page.goto('/about');
    const bar = page.getByRole('banner');
    const items = [
      bar.getByRole('link', { name: 'Wishlist' }),
      bar.getByRole('button', { name: 'Search', exact: true }),
      bar.getByRole('link', { name: 'Cart' }),
      bar.getByRole('link', { name: 'Sign in' }),
    ];
    for (const item of items) await expect(item).toBeVisible();
    const boxes = await Promise.all(items.map((item) => item.boundingBox()));
    for (const box of boxes) {
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
      expect(box?.y).toBe(boxes[0]?.y);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

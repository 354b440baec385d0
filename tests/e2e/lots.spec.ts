import type { Page } from '@playwright/test';
import { placeOrder, signIn } from './account.ts';
import { axeViolations } from './axe.ts';
import { test, expect } from './fixtures.ts';

// Cumin's lot on sale (src/content/products/cumin-seeds.md): Spring 2026, packed 22 Apr 2026;
// whole seeds keep their best 24 months.
const CUMIN = '/products/cumin-seeds';
const CUMIN_LOT = 'Spring 2026 harvest, Unjha, Gujarat · packed 22 Apr 2026';

/** Opens a page with the browser's clock at `day` (noon, local time). */
async function openOn(page: Page, path: string, day: string) {
  await page.clock.setFixedTime(new Date(`${day}T12:00:00`));
  await page.goto(path);
}

const lot = (page: Page) => page.getByRole('region', { name: 'This lot' });

test('a product page shows the lot on sale and how fresh it is on the shopper’s day', async ({ page }) => {
  await openOn(page, CUMIN, '2026-11-26');
  const section = lot(page);
  await expect(section.getByRole('definition')).toHaveText(['Spring 2026', 'Unjha, Gujarat', '22 Apr 2026']);
  await expect(section.getByRole('term')).toHaveText(['Harvest', 'Grown in', 'Packed']);
  const meter = section.getByRole('meter', { name: 'Freshness' });
  await expect(meter).toHaveAttribute('aria-valuetext', 'Packed 7 months ago · best within 24 months');
  await expect(meter).toHaveAttribute('aria-valuenow', '70');
  await expect(meter).toContainText('Packed 7 months ago · best within 24 months');
});

test('the same page, read two years on, says plainly that the lot is past its best', async ({ page }) => {
  await openOn(page, CUMIN, '2028-06-01');
  const meter = lot(page).getByRole('meter', { name: 'Freshness' });
  const words = 'Past its best: packed 25 months ago, best within 24 months';
  await expect(meter).toHaveAttribute('aria-valuetext', words);
  await expect(meter).toHaveAttribute('aria-valuenow', '0');
  await expect(lot(page).getByText(words)).toBeVisible();
});

test('a blend names where it was blended, never where it was grown', async ({ page }) => {
  await openOn(page, '/products/garam-masala', '2026-11-26');
  await expect(lot(page).getByRole('term')).toHaveText(['Harvest', 'Blended in', 'Packed']);
  await expect(lot(page)).not.toContainText('Grown in');
  await expect(lot(page).getByRole('meter')).toHaveAttribute(
    'aria-valuetext',
    'Packed 1 month ago · best within 6 months',
  );
});

test('without JavaScript the gauge gives the packing date, which is true on any day', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(CUMIN);
  await expect(lot(page).getByRole('meter', { name: 'Freshness' })).toHaveAttribute(
    'aria-valuetext',
    'Packed 22 Apr 2026 · best within 24 months',
  );
  await context.close();
});

test('a catalogue card says when its lot was packed', async ({ page }) => {
  await page.goto('/products');
  await expect(page.locator('[data-product-id="cumin-seeds"]').getByText('Packed Apr 2026')).toBeVisible();
});

test('an order line records the lot it was sold from, and My Orders shows it', async ({ page }) => {
  await signIn(page);
  const placed = (await placeOrder(page, [{ productId: 'cumin-seeds', pack: '100 g', quantity: 2 }])) as {
    id: string;
    items?: { lot?: string }[];
  };
  expect(placed.items?.map((item) => item.lot)).toEqual([CUMIN_LOT]);
  await page.goto('/my-orders');
  const order = page.getByRole('article', { name: `Order ${placed.id}` });
  await expect(order.getByText(`Lot: ${CUMIN_LOT}`)).toBeVisible();
});

test('axe finds nothing on a product page, nor in the past-best colours', async ({ page }) => {
  test.slow(); // Two runs of axe.
  await page.goto(CUMIN);
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page)).toEqual([]);
  await page.locator('[data-lot]').evaluate((lot: HTMLElement) => (lot.dataset['state'] = 'past-best'));
  expect(await axeViolations(page)).toEqual([]);
});

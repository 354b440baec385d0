import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

/** The top bar's search field; on a phone the magnifier opens it first. */
async function searchField(page: Page, width: number) {
  if (width < 1280) await page.getByRole('button', { name: 'Search', exact: true }).click();
  // A search box until focused, a combobox once its suggestions have loaded.
  return page.getByLabel('Search the shop');
}

for (const { name, width, height } of WIDTHS) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport: { width, height } });

    test('typing suggests products with picture, name and price, and their categories', async ({ page }) => {
      await page.goto('/about');
      const field = await searchField(page, width);
      await field.pressSequentially('c');
      const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
      await expect(suggestions).toBeVisible();
      await field.pressSequentially('ummin');
      const options = suggestions.getByRole('option');
      await expect(options.first()).toHaveText(/Cumin Seeds\s*\$\d+\.\d\d/);
      expect(await suggestions.getByRole('option', { name: /products?$/ }).count()).toBeGreaterThan(0);
      const productOptions = suggestions.getByRole('option', { name: /\$\d/ });
      expect(await productOptions.count()).toBeLessThanOrEqual(6);
      await expect(page.getByRole('status').filter({ hasText: /suggested$/ })).toHaveText(
        /^\d products? and \d categor(y|ies) suggested$/,
      );
      await expect(page.getByRole('combobox', { name: 'Search the shop' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    });

    test('arrow keys move through the suggestions, Enter opens one, Escape closes them', async ({ page }) => {
      await page.goto('/faq');
      const field = await searchField(page, width);
      await field.pressSequentially('saffron');
      const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
      await expect(suggestions.getByRole('option').first()).toContainText('Kashmiri Saffron');
      await page.keyboard.press('Escape');
      await expect(suggestions).toBeHidden();
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('ArrowDown');
      await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
      await expect(field).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/products\/kashmiri-saffron$/);
    });

    test('the clear button empties the field', async ({ page }) => {
      await page.goto('/about');
      const field = await searchField(page, width);
      const clear = page.getByRole('button', { name: 'Clear search' });
      await expect(clear).toBeHidden();
      await field.fill('pepper');
      await clear.click();
      await expect(field).toHaveValue('');
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the top-bar search is the plain form, and its clear button still clears', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/about');
    const field = page.getByRole('searchbox', { name: 'Search the shop' });
    await field.fill('cumin');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(field).toHaveValue('');
    await field.fill('cummin');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/products\?q=cummin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Results for 'cummin'");
  });
});

test('the catalogue search has a clear link that works before and after React', async ({ page }) => {
  await page.goto('/products?q=pepper');
  await page.getByRole('main').getByRole('link', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
});

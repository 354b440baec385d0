import { test, expect } from './fixtures.ts';
import { hydrated } from './catalogue.helpers.ts';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the first row of products starts on the first screen', async ({ page }) => {
    await page.goto('/products');
    const firstCard = page.locator('#catalogue-grid > li').first();
    const box = await firstCard.boundingBox();
    expect(box?.y ?? Infinity).toBeLessThan(844 - 100);
  });

  test('Filter & sort opens a sheet with the categories, the stock switch and the sort', async ({ page }) => {
    await page.goto('/products');
    await hydrated(page, 'Catalogue');
    await expect(page.getByRole('button', { name: /^Herbs/ })).toBeHidden();
    await page.getByRole('button', { name: 'Filter & sort' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filter & sort' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: /^Herbs/ }).click();
    await sheet.getByRole('switch', { name: 'In stock only' }).check();
    await sheet.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name' });
    await sheet.getByRole('button', { name: 'Show products' }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/category=Herbs/);
    await expect(page).toHaveURL(/stock=in/);
    await expect(page).toHaveURL(/sort=name/);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the sheet still opens, and a category still filters', async ({ page }) => {
      await page.goto('/products');
      await page.getByRole('button', { name: 'Filter & sort' }).click();
      const sheet = page.getByRole('dialog', { name: 'Filter & sort' });
      await sheet.getByRole('button', { name: /^Seeds/ }).click();
      await expect(page).toHaveURL(/category=Seeds/);
    });
  });
});

test('on a desktop the filters stay above the products, and the categories are one tab stop', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/products');
  await hydrated(page, 'Catalogue');
  await expect(page.getByRole('button', { name: 'Filter & sort' })).toBeHidden();
  const all = page.getByRole('button', { name: /^All Products/ });
  await expect(all).toBeVisible();
  await all.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: /^Spices/ })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('button', { name: /^Powders/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/category=Powders/);
  // Tab leaves the group from the chosen chip straight to the stock switch.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('switch', { name: 'In stock only' })).toBeFocused();
});

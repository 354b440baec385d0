import { test, expect } from './fixtures';
import { hydrated } from './catalogue.helpers';

// The catalogue hydrates on the shopper's first act: what they type or tick before React is
// running must still count once it is.
test('what a shopper types and ticks in the catalogue before it hydrates is kept', async ({ page }) => {
  // React arrives only once the shopper has typed, as on a slow phone.
  let release = () => {};
  const typed = new Promise<void>((done) => (release = done));
  await page.route(/\/_astro\/client\.[\w-]+\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto('/products');
  const search = page.getByPlaceholder('Search products...');
  await search.pressSequentially('sumac');
  await page.getByRole('switch', { name: 'In stock only' }).check();
  await expect(page.locator('astro-island[component-url*="/Catalogue."]')).toHaveAttribute('ssr', '');
  release();
  await hydrated(page, 'Catalogue');
  await expect(search).toHaveValue('sumac');
  await expect(page.getByRole('switch', { name: 'In stock only' })).toBeChecked();
  await expect(page.locator('#catalogue-grid > li h3')).toHaveText(["Za'atar"]);
  await expect(page.getByRole('status')).toHaveText('1 product');
  await expect(page).toHaveURL(/[?&]q=sumac/);
});

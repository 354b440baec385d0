import { test, expect, holdRequests, readStorage, seedStorage, toastNamed } from './fixtures.ts';
import { apiProducts, hydrated } from './catalogue.helpers.ts';
import { placeOrder, signIn } from './account.ts';
import { CART } from './account-data.ts';
import { PEPPER_LINE } from '../support/shopData.ts';

// A page's scripts and its whole stylesheet are asked for after its first contentful paint
// (src/firstPaint/browser/firstFrame.ts): only the layout's own script comes before it, and that
// script writes the others, held by the server, again once the paint is on screen, and enables the
// stylesheet. What the shopper does before they run still counts.

/** Astro's island scripts, which define `<astro-island>` and its hydration directives. */
const ISLAND_SCRIPTS = /\/_astro\/island\.[\w-]+\.js$/;

test("the catalogue asks for no script or stylesheet but the layout's script before its first paint, and then works", async ({
  page,
}) => {
  await page.goto('/products');
  await hydrated(page, 'Catalogue');
  const timings = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\.(js|css)$/.test(entry.name))
      .map((entry) => ({ file: new URL(entry.name).pathname, asked: entry.startTime })),
  }));
  expect(timings.firstPaint).toBeGreaterThan(0);
  const beforePaint = timings.scripts.filter((script) => script.asked < timings.firstPaint);
  expect(beforePaint.map((script) => script.file)).toEqual([
    expect.stringMatching(/^\/_astro\/BaseLayout\./),
  ]);
  // The top bar's, the cards' and the islands' scripts among those asked after it.
  const after = timings.scripts.map((script) => script.file).join(' ');
  for (const name of ['Header', 'WishlistHearts', 'LiveStock', 'island', 'Catalogue']) {
    expect(after).toContain(`/_astro/${name}.`);
  }
  expect(after).toMatch(/\/_astro\/[\w-]+\.[\w-]+\.css/);
  await expect(page.locator('html')).toHaveAttribute('data-styled', '');
  await expect(page.locator('script[type="text/x-after-first-frame"]')).toHaveCount(0);
  await page.getByPlaceholder('Search products...').fill('sumac');
  await expect(page.locator('#catalogue-grid > li h3')).toHaveText(["Za'atar"]);
});

test('a key pressed before the islands’ scripts have run hydrates the catalogue, with what was typed', async ({
  page,
}) => {
  const release = await holdRequests(page, ISLAND_SCRIPTS);
  await page.goto('/products', { waitUntil: 'domcontentloaded' });
  const search = page.getByPlaceholder('Search products...');
  await search.pressSequentially('sumac');
  await expect(page.locator('astro-island[component-url*="/Catalogue."]')).toHaveAttribute('ssr', '');
  release();
  // No act after the scripts have come: the one before is enough.
  await expect(page.locator('astro-island[component-url*="/Catalogue."]')).not.toHaveAttribute('ssr', /.*/);
  await expect(search).toHaveValue('sumac');
  await expect(page.locator('#catalogue-grid > li h3')).toHaveText(["Za'atar"]);
  await expect(page).toHaveURL(/[?&]q=sumac/);
});

test('an Add to Cart pressed before the islands’ scripts have run is pressed again once they have', async ({
  page,
}) => {
  const release = await holdRequests(page, ISLAND_SCRIPTS);
  // Not until `load`, which waits for the scripts held here.
  await page.goto('/products/tellicherry-black-pepper', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.locator('astro-island[component-url*="/ProductPurchase."]')).toHaveAttribute('ssr', '');
  release();
  await expect(toastNamed(page, 'Added to cart')).toBeVisible({ timeout: 15_000 });
  expect(await readStorage<{ id: string; quantity: number }[]>(page, 'cart')).toEqual([
    expect.objectContaining({ productId: 'tellicherry-black-pepper', quantity: 1 }),
  ]);
});

test('a heart pressed before the cards’ script has run is saved once it has', async ({ page, request }) => {
  const product = (await apiProducts(request)).find((p) => p.bestSeller)!;
  const release = await holdRequests(page, /\/_astro\/WishlistHearts\.[\w-]+\.js$/);
  await page.goto('/best-sellers', { waitUntil: 'domcontentloaded' });
  const heart = page.getByRole('button', { name: `Save ${product.title} to wishlist` });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  release();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect(await readStorage<{ productId: string }[]>(page, 'wishlist')).toEqual([
    expect.objectContaining({ productId: product._id }),
  ]);
});

test('View Details pressed before My Orders has hydrated opens the order once it has', async ({ page }) => {
  await signIn(page);
  await placeOrder(page, [PEPPER_LINE]);
  const release = await holdRequests(page, ISLAND_SCRIPTS);
  await page.goto('/my-orders', { waitUntil: 'domcontentloaded' });
  const details = page.getByRole('button', { name: 'View Details' });
  await details.click();
  await expect(page.locator('astro-island[component-url*="/MyOrders."]')).toHaveAttribute('ssr', '');
  release();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Delivery address' })).toBeVisible();
});

test('the search field reached before the top bar’s script has run still suggests', async ({ page }) => {
  const release = await holdRequests(page, /\/_astro\/Header\.[\w-]+\.js$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Search the shop').pressSequentially('cum');
  release();
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toContainText(
    /cumin/i,
  );
});

test('a page opened out of sight, which draws no frame, still starts its scripts', async ({ page }) => {
  await seedStorage(page, { cart: CART });
  await page.addInitScript(() => {
    Object.defineProperty(document, 'hidden', { get: () => true });
    window.requestAnimationFrame = () => 0;
  });
  await page.goto('/about');
  await expect(page.locator('script[type="text/x-after-first-frame"]')).toHaveCount(0);
  // The top bar's script has run: it counts the stored cart's units.
  const units = CART.reduce((sum, line) => sum + line.quantity, 0);
  await expect(page.locator('[data-cart-count]').first()).toHaveText(String(units));
});

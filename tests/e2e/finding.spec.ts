import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { apiProducts, hydrated } from './catalogue.helpers.ts';
import type { ApiProduct } from '../support/shopData.ts';

/** The names on the catalogue's cards, in the order shown. */
const shownTitles = async (page: Page) =>
  (await page.locator('#catalogue-grid > li h3').allTextContents()).map((title) => title.trim());

const paid = (product: ApiProduct) => {
  const [first] = product.netQuantities;
  return first ? (first.offerPrice ?? first.price) : 0;
};

async function searchFor(page: Page, text: string) {
  await page.goto('/products');
  await hydrated(page, 'Catalogue');
  await page.getByPlaceholder('Search products...').fill(text);
}

test('a word only one product lists among its ingredients finds that product', async ({ page }) => {
  await searchFor(page, 'sumac');
  await expect.poll(() => shownTitles(page)).toEqual(["Za'atar"]);
  await expect(page.getByRole('status')).toHaveText('1 product');
});

test('another name a cook would type finds the product, accents or not', async ({ page }) => {
  await searchFor(page, 'jeera');
  await expect.poll(() => shownTitles(page)).toEqual(['Cumin Seeds']);
  await page.getByPlaceholder('Search products...').fill('PIMENTON DE LA VERA');
  await expect.poll(() => shownTitles(page)).toEqual(['Smoked Paprika']);
  await page.getByPlaceholder('Search products...').fill('kalonji');
  await expect.poll(() => shownTitles(page)).toEqual(['Nigella Seeds']);
});

test('a title match is listed before the blends that only contain it', async ({ page, request }) => {
  const products = await apiProducts(request);
  const withCumin = products.filter((p) => p.ingredients.some((i) => /cumin/i.test(i))).map((p) => p.title);
  expect(withCumin).toEqual(expect.arrayContaining(['Garam Masala', 'Cumin Seeds']));
  await searchFor(page, 'cumin');
  // Until the index has come, the server's cards (the whole catalogue's first page) stay: wait for
  // the search's answer, without saffron (no cumin in it) and with every product with cumin.
  await expect
    .poll(async () => {
      const shown = await shownTitles(page);
      return !shown.includes('Kashmiri Saffron') && withCumin.every((title) => shown.includes(title));
    })
    .toBe(true);
  const titles = await shownTitles(page);
  expect(titles[0]).toBe('Cumin Seeds');
  expect(titles.indexOf('Cumin Seeds')).toBeLessThan(titles.indexOf('Garam Masala'));
});

test('each sort order lists the products as the API prices and dates them', async ({ page, request }) => {
  const products = await apiProducts(request);
  const byName = (a: ApiProduct, b: ApiProduct) => a.title.localeCompare(b.title, 'en');
  // Featured products first, then best sellers, then the rest.
  const prominence = (p: ApiProduct) => (p.featured ? 0 : p.bestSeller ? 1 : 2);
  const orders: [string, (a: ApiProduct, b: ApiProduct) => number][] = [
    ['Price: low to high', (a, b) => paid(a) - paid(b) || byName(a, b)],
    ['Price: high to low', (a, b) => paid(b) - paid(a) || byName(a, b)],
    ['Newest', (a, b) => b.added.localeCompare(a.added) || byName(a, b)],
    ['Name', byName],
    ['Featured', (a, b) => prominence(a) - prominence(b) || byName(a, b)],
  ];
  await page.goto('/products');
  await hydrated(page, 'Catalogue');
  for (const [label, order] of orders) {
    await page.getByLabel('Sort by').selectOption({ label });
    const expected = [...products].sort(order).map((p) => p.title);
    await expect.poll(() => shownTitles(page), label).toEqual(expected);
  }
});

test('"In stock only" hides the sold-out products', async ({ page, request }) => {
  const products = await apiProducts(request);
  // Sold out: no pack to sell, as the product list says each pack stands (counted or not).
  const sells = (p: (typeof products)[number]) =>
    p.netQuantities.some((pack) => (pack as { inStock?: boolean }).inStock);
  const soldOut = products.filter((p) => !sells(p)).map((p) => p.title);
  expect(soldOut.length).toBeGreaterThan(0);
  await page.goto('/products');
  await hydrated(page, 'Catalogue');
  await page.getByRole('switch', { name: 'In stock only' }).check();
  await expect(page).toHaveURL('/products?stock=in');
  await expect.poll(() => shownTitles(page)).toHaveLength(products.length - soldOut.length);
  for (const title of soldOut) await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});

test('search, category, sort and stock live in the URL, through reload and back', async ({ page }) => {
  await page.goto('/products');
  await hydrated(page, 'Catalogue');
  await page
    .getByRole('group', { name: 'Category' })
    .getByRole('button', { name: /Blends/ })
    .click();
  await expect(page).toHaveURL('/products?category=Blends');
  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  await page.getByRole('switch', { name: 'In stock only' }).check();
  await page.getByPlaceholder('Search products...').fill('seed');
  await expect(page).toHaveURL('/products?q=seed&category=Blends&sort=price-desc&stock=in');
  // The blends with seeds among their ingredients: the index's answer, not the cards' own text.
  await expect.poll(async () => (await shownTitles(page)).length).toBeGreaterThan(1);
  const chosen = await shownTitles(page);

  await page.reload();
  await hydrated(page, 'Catalogue');
  await expect(page.getByPlaceholder('Search products...')).toHaveValue('seed');
  await expect(page.getByLabel('Sort by')).toHaveValue('price-desc');
  await expect(page.getByRole('switch', { name: 'In stock only' })).toBeChecked();
  await expect.poll(() => shownTitles(page)).toEqual(chosen);

  await page.goBack();
  await expect(page).toHaveURL('/products?category=Blends&sort=price-desc');
  await expect(page.getByRole('switch', { name: 'In stock only' })).not.toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL('/products?category=Blends');
  await expect(page.getByLabel('Sort by')).toHaveValue('featured');
  await page.goForward();
  await expect(page.getByLabel('Sort by')).toHaveValue('price-desc');
});

test("back through the catalogue's own steps, after another page, shows what the address names", async ({
  page,
}) => {
  await page.goto('/products?category=Herbs');
  await hydrated(page, 'Catalogue');
  const chips = page.getByRole('group', { name: 'Category' });
  await chips.getByRole('button', { name: /Seeds/ }).click();
  await expect(page).toHaveURL('/products?category=Seeds');
  await chips.getByRole('button', { name: /Blends/ }).click();
  await expect(page).toHaveURL('/products?category=Blends');
  await page.goto('/about');
  // The catalogue comes back as a new page, drawn for its address; nobody has touched it yet.
  await page.goBack();
  await expect(page).toHaveURL('/products?category=Blends');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Blends');
  await page.goBack();
  await expect(page).toHaveURL('/products?category=Seeds');
  await expect(heading).toHaveText('Seeds');
  await expect(chips.getByRole('button', { name: /Seeds/ })).toHaveAttribute('aria-pressed', 'true');
  await page.goBack();
  await expect(page).toHaveURL('/products?category=Herbs');
  await expect(heading).toHaveText('Herbs');
});

test('a category names itself in the title and the heading', async ({ page }) => {
  await page.goto('/products?category=Herbs');
  await expect(page).toHaveTitle('Herbs | Saffron & Stone');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Herbs');
  await hydrated(page, 'Catalogue');
  await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: /Seeds/ }).click();
  await expect(page).toHaveTitle('Seeds | Saffron & Stone');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seeds');
  await page
    .getByRole('group', { name: 'Category' })
    .getByRole('button', { name: /All Products/ })
    .click();
  await expect(page).toHaveTitle('All Products | Saffron & Stone');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the top-bar search works from any page', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('search', { name: 'Site search' }).getByRole('searchbox').fill('jeera');
    await page.getByRole('search', { name: 'Site search' }).getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL('/products?q=jeera');
    await expect(page.locator('#catalogue-grid > li h3')).toHaveText(['Cumin Seeds']);
    await expect(page.getByRole('status')).toHaveText('1 product');
    await expect(page.getByPlaceholder('Search products...')).toHaveValue('jeera');
  });

  test('the catalogue filters, sorts and names the category from the server', async ({ page, request }) => {
    const products = await apiProducts(request);
    const herbs = products.filter((p) => p.variety === 'Herbs');
    await page.goto('/products');
    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: /Herbs/ }).click();
    await expect(page).toHaveURL(/\/products\?.*category=Herbs/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Herbs');
    await expect(page.locator('#catalogue-grid > li')).toHaveCount(herbs.length);
    await page.goto('/products?category=Herbs&sort=price-asc');
    const cheapest = [...herbs].sort((a, b) => paid(a) - paid(b) || a.title.localeCompare(b.title))[0];
    await expect(page.locator('#catalogue-grid > li h3').first()).toHaveText(cheapest?.title ?? '');
  });
});

test('the top-bar search field is on every kind of page, and information pages still ship no React', async ({
  page,
}) => {
  for (const path of ['/', '/about', '/cart', '/products/kashmiri-saffron']) {
    await page.goto(path);
    await expect(page.getByRole('search', { name: 'Site search' })).toBeAttached();
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/faq');
  await expect(page.getByRole('searchbox', { name: 'Search the shop' })).toBeVisible();
  await expect(page.locator('astro-island')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('searchbox', { name: 'Search the shop' })).toBeVisible();
});

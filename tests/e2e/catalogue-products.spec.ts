import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { apiProducts, hydrated, money } from './catalogue.helpers.ts';
import type { ApiProduct } from '../support/shopData.ts';

const FILTERS = ['All Products', 'Spices', 'Herbs', 'Seeds', 'Blends', 'Powders'];

/** The product cards a shopper can see, by the names of their links. */
function visibleCards(page: Page) {
  return page.locator('#catalogue-grid > li:visible');
}

async function visibleTitles(page: Page): Promise<string[]> {
  return (await visibleCards(page).locator('h3').allTextContents()).map((title) => title.trim()).sort();
}

/**
 * Does what sends the shopper to another catalogue address, and waits for that page to load:
 * the address alone may already read so, written by the page as the shopper typed.
 */
async function loadsNextPage(page: Page, act: () => Promise<void>) {
  const loaded = page.waitForEvent('load');
  await act();
  await loaded;
}

/** Text as the shop's search compares it: no case, accents or apostrophes. */
const plain = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’`]/g, '');

/**
 * The titles a search should find: every title containing the text, and every product whose
 * title, other names, ingredients, tags, origin or category hold each of its words.
 */
function expected(products: ApiProduct[], query: string, category: string): string[] {
  const needle = plain(query.trim());
  return products
    .filter((p) => category === 'All Products' || p.variety === category)
    .filter((p) => {
      if (plain(p.title).includes(needle)) return true;
      const text = plain(
        [p.title, ...p.aliases, ...p.ingredients, ...p.tags, p.origin, p.variety].join('\n'),
      );
      return needle.split(/\s+/).every((word) => text.includes(word));
    })
    .map((p) => p.title)
    .sort();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the catalogue shows every product card in the HTML', async ({ page, request }) => {
    const products = await apiProducts(request);
    await page.goto('/products');
    await expect(visibleCards(page)).toHaveCount(products.length);
    for (const product of products) {
      const card = page.locator(`[data-product-id="${product._id}"]`);
      await expect(card.getByRole('link', { name: product.title })).toHaveAttribute(
        'href',
        `/products/${product._id}`,
      );
      await expect(card).toContainText(product.variety);
      const first = product.netQuantities[0]!;
      await expect(card).toContainText(money(first.offerPrice ?? first.price));
      const image = card.locator('img').first();
      await expect(image).toHaveAttribute('srcset', /\d+w/);
      await expect(image).toHaveAttribute('width', /\d+/);
      await expect(image).toHaveAttribute('height', /\d+/);
      await expect(image).toHaveAttribute('alt', /\S/);
    }
  });
});

test('the catalogue has the search box and the six category buttons', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByPlaceholder('Search products...')).toBeVisible();
  const group = page.getByRole('group', { name: 'Category' });
  for (const name of FILTERS) await expect(group.getByRole('button', { name })).toBeVisible();
  await expect(group.getByRole('button', { name: /All Products/ })).toHaveAttribute('aria-pressed', 'true');
});

test('search and category together show exactly the API products that match', async ({ page, request }) => {
  const products = await apiProducts(request);
  await page.goto('/products');
  await hydrated(page, 'Catalogue');

  const search = page.getByPlaceholder('Search products...');
  for (const [query, category] of [
    ['a', 'Spices'],
    ['E', 'Herbs'],
    ['seed', 'All Products'],
    ['  MASALA ', 'Blends'],
    ['a', 'Powders'],
  ] as const) {
    await search.fill(query);
    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: category }).click();
    const titles = expected(products, query, category);
    await expect.poll(() => visibleTitles(page), `${query} in ${category}`).toEqual(titles);
    await expect(page.getByRole('status')).toHaveText(
      `${titles.length} ${titles.length === 1 ? 'product' : 'products'}`,
    );
  }
});

test('the filter lives in the URL and a shared URL opens the same view', async ({ page, request }) => {
  const products = await apiProducts(request);
  await page.goto('/products');
  await hydrated(page, 'Catalogue');
  await page.getByPlaceholder('Search products...').fill('an');
  await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Spices' }).click();
  await expect(page).toHaveURL('/products?q=an&category=Spices');

  const other = await page.context().newPage();
  await other.goto('/products?q=an&category=Spices');
  await hydrated(other, 'Catalogue');
  await expect(other.getByPlaceholder('Search products...')).toHaveValue('an');
  await expect(other.getByRole('button', { name: /Spices/ })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => visibleTitles(other)).toEqual(expected(products, 'an', 'Spices'));
});

test('an unknown category in the URL shows All Products', async ({ page, request }) => {
  const products = await apiProducts(request);
  await page.goto('/products?category=Candy');
  await hydrated(page, 'Catalogue');
  await expect(page.getByRole('button', { name: /All Products/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(visibleCards(page)).toHaveCount(products.length);
});

test('a search that matches nothing says so, and clearing brings everything back', async ({
  page,
  request,
}) => {
  const products = await apiProducts(request);
  await page.goto('/products?q=zzzz-nothing');
  await hydrated(page, 'Catalogue');
  await expect(page.getByText('No products found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
  await expect(visibleCards(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(visibleCards(page)).toHaveCount(products.length);
  await expect(page).toHaveURL('/products');
});

test('nasty search input is plain text and never breaks the page', async ({ page, request }) => {
  const products = await apiProducts(request);
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.goto('/products');
  await hydrated(page, 'Catalogue');
  const search = page.getByPlaceholder('Search products...');
  for (const query of [
    '<script>alert(1)</script>',
    '%',
    '%00',
    '.*',
    '[a-z]+',
    '(',
    '\\',
    '$^|?',
    'a'.repeat(10_000),
  ]) {
    await search.fill(query);
    await expect
      .poll(() => visibleTitles(page), query.slice(0, 20))
      .toEqual(expected(products, query, 'All Products'));
    await expect(search).toHaveValue(query);
  }
  await search.fill('');
  await expect(visibleCards(page)).toHaveCount(products.length);
  expect(dialogs).toBe(0);

  await page.goto('/products?q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&category=%25');
  await hydrated(page, 'Catalogue');
  await expect(page.getByPlaceholder('Search products...')).toHaveValue('<img src=x onerror=alert(1)>');
  await expect(page.getByText('No products found')).toBeVisible();
  expect(dialogs).toBe(0);
});

test('the catalogue searches the index it fetches, and hides what the index no longer lists', async ({
  page,
  request,
}) => {
  const { products } = (await (await request.get('/products/index.json')).json()) as {
    products: { title: string }[];
  };
  const [kept, ...dropped] = products;
  await page.route('**/products/index.json', (route) =>
    route.fulfill({ json: { success: true, products: [kept] } }),
  );
  await page.goto('/products');
  await hydrated(page, 'Catalogue');
  await page.getByPlaceholder('Search products...').focus();
  await expect.poll(() => visibleTitles(page)).toEqual([kept!.title]);
  expect(dropped.length).toBeGreaterThan(0);
});

test('an answer without success shows the failure toast, keeps the cards, and lets the server search', async ({
  page,
  request,
}) => {
  const products = await apiProducts(request);
  await page.route('**/products/index.json', (route) =>
    route.fulfill({ status: 500, json: { success: false } }),
  );
  await page.goto('/products');
  await hydrated(page, 'Catalogue');
  await page.getByPlaceholder('Search products...').focus();
  await expect(page.getByText('Failed to fetch products')).toBeVisible();
  await expect(visibleCards(page)).toHaveCount(products.length);
  // Without the index, the server searches: Enter sends the form, a category button its address.
  const search = page.getByPlaceholder('Search products...');
  await search.fill('cumin');
  await loadsNextPage(page, () => search.press('Enter'));
  await expect(page).toHaveURL(/[?&]q=cumin(&|$)/);
  await expect(search).toHaveValue('cumin');
  const withCumin = expected(products, 'cumin', 'All Products');
  await expect.poll(() => visibleTitles(page)).toEqual(withCumin);
  expect(withCumin.length).toBeGreaterThan(1);
  await page.getByPlaceholder('Search products...').focus();
  await expect(page.getByText('Failed to fetch products')).toBeVisible();
  await loadsNextPage(page, () =>
    page
      .getByRole('group', { name: 'Category' })
      .getByRole('button', { name: /^Blends/ })
      .click(),
  );
  await expect(page).toHaveURL(/[?&]category=Blends(&|$)/);
  const blendsWithCumin = expected(products, 'cumin', 'Blends');
  await expect.poll(() => visibleTitles(page)).toEqual(blendsWithCumin);
  expect(blendsWithCumin.length).toBeGreaterThan(0);
});

test('a request that keeps failing is retried three times, then reported and logged', async ({
  page,
  request,
}) => {
  let attempts = 0;
  await page.route('**/products/index.json', (route) => {
    attempts += 1;
    return route.abort('connectionrefused');
  });
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  // The page's clock is moved on a second at a time instead of waiting out the 1 + 2 + 4 s
  // between attempts (the delays themselves: tests/unit/productList.test.ts).
  await page.clock.install();
  await page.goto('/products');
  await hydrated(page, 'Catalogue');
  await page.getByPlaceholder('Search products...').focus();
  await expect
    .poll(async () => {
      await page.clock.fastForward(1_000);
      return attempts;
    })
    .toBe(4);
  await expect(page.getByText('Something went wrong while fetching products')).toBeVisible();
  expect(attempts).toBe(4);
  expect(logged.some((text) => text.includes('Fetching products failed'))).toBe(true);
  // The server searches instead.
  await page.getByPlaceholder('Search products...').fill('cumin');
  await loadsNextPage(page, () => page.getByPlaceholder('Search products...').press('Enter'));
  await expect
    .poll(() => visibleTitles(page))
    .toEqual(expected(await apiProducts(request), 'cumin', 'All Products'));
});

test('when the search worker cannot start, the index is searched on the page, with the same answers', async ({
  page,
  request,
}) => {
  const products = await apiProducts(request);
  // A page left open across a deploy asks for a worker script that is gone.
  await page.route('**/_astro/searchWorker-*.js', (route) => route.fulfill({ status: 404, body: '' }));
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await page.goto('/products');
  await hydrated(page, 'Catalogue');
  // Cumin is also an ingredient of blends: only the index, not the cards' own text, finds them.
  await page.getByPlaceholder('Search products...').fill('cumin');
  await expect.poll(() => logged.some((text) => text.includes('searching on the page instead'))).toBe(true);
  await expect.poll(() => visibleTitles(page)).toEqual(expected(products, 'cumin', 'All Products'));
  expect(products.filter((product) => /cumin/i.test(product.title)).length).toBeLessThan(
    (await visibleTitles(page)).length,
  );
  await expect(page.getByText('Something went wrong while fetching products')).toHaveCount(0);
});

test('the island takes over from the cards the server drew without dropping one, so the page never shrinks', async ({
  page,
  request,
}) => {
  const products = await apiProducts(request);
  await page.goto('/products');
  await expect(page.locator('astro-slot #catalogue-grid')).toHaveCount(1);
  await page.evaluate(() => {
    const counts: number[] = [];
    Object.assign(window, { cardCounts: counts });
    new MutationObserver(() => counts.push(document.querySelectorAll('#catalogue-grid > li').length)).observe(
      document.body,
      { subtree: true, childList: true },
    );
  });
  await page.getByPlaceholder('Search products...').focus();
  // The grid is the island's own once the index has been searched.
  await expect(page.locator('astro-slot #catalogue-grid')).toHaveCount(0);
  await expect(visibleCards(page)).toHaveCount(products.length);
  const counts = await page.evaluate(() => (window as unknown as { cardCounts: number[] }).cardCounts);
  expect(counts.length).toBeGreaterThan(0);
  expect(Math.min(...counts)).toBe(products.length);
});

test('focusing the search box before the catalogue is ready fetches the index before the first letter', async ({
  page,
}) => {
  await page.goto('/products');
  const island = page.locator('astro-island[component-url*="/Catalogue."]').first();
  await expect(island).toHaveAttribute('ssr', /.*/);
  // The focus is the shopper's first act: it hydrates the island, which must still hear it.
  const index = page.waitForRequest('**/products/index.json');
  await page.getByPlaceholder('Search products...').focus();
  await index;
  await expect(island).not.toHaveAttribute('ssr', /.*/);
});

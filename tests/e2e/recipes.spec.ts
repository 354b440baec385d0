import type { Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { test, expect, readStorage } from './fixtures.ts';
import { merchant } from './merchant.ts';

// Recipes written for the shop's spices: a list filtered by plain links, a page per recipe with
// its structured data, its spices in the cart in one press, and recipes on the product pages.

interface Line {
  id: string;
  name: string;
  quantity: number;
}

const cards = (page: Page) => page.getByRole('list', { name: 'Recipes' }).getByRole('article');

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('the recipes list each shows its picture, time and serves, and filters by cuisine, course and spice', async ({
      page,
    }) => {
      await page.goto('/recipes');
      await expect(page.getByRole('heading', { level: 1, name: 'Cooking with our spices' })).toBeVisible();
      const all = await cards(page).count();
      expect(all).toBeGreaterThanOrEqual(8);
      for (const card of await cards(page).all()) {
        await expect(card.getByRole('img')).toHaveAttribute('alt', /\w/);
        await expect(card.getByText(/^\d+ (min|hr)/)).toBeVisible();
        await expect(card.getByText(/^Serves \d+$/)).toBeVisible();
      }

      const filters = page.getByRole('navigation', { name: 'Filter recipes' });
      await filters.getByRole('link', { name: 'Indian', exact: true }).click();
      await expect(page).toHaveURL(/\/recipes\/cuisine\/indian$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Indian recipes' })).toBeVisible();
      await expect(filters.getByRole('link', { name: 'Indian', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const indian = await cards(page).count();
      expect(indian).toBeGreaterThan(1);
      expect(indian).toBeLessThan(all);
      for (const card of await cards(page).all()) await expect(card.getByText(/^Indian ·/)).toBeVisible();

      await filters.getByRole('link', { name: 'Dessert', exact: true }).click();
      await expect(page).toHaveURL(/\/recipes\/course\/dessert$/);
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).getByRole('heading', { name: 'Saffron and Cardamom Kheer' })).toBeVisible();

      await filters.getByRole('link', { name: 'Cumin Seeds', exact: true }).click();
      await expect(page).toHaveURL(/\/recipes\/spice\/cumin-seeds$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Recipes with Cumin Seeds' })).toBeVisible();
      const titles = await cards(page).getByRole('heading').allTextContents();
      expect(titles.map((title) => title.trim()).sort()).toEqual(['Chana Masala', 'Tadka Dal']);

      await filters.getByRole('link', { name: 'All recipes' }).click();
      await expect(page).toHaveURL(/\/recipes$/);
      await expect(cards(page)).toHaveCount(all);

      await cards(page).getByRole('link', { name: 'Tadka Dal' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Tadka Dal' })).toBeVisible();
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a recipe page says adding its spices needs it, and shows no button that cannot work', async ({
    page,
  }) => {
    await page.goto('/recipes/tadka-dal');
    await expect(
      page.getByText('Adding the spices to your cart needs JavaScript, which is off in this browser.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add the spices to cart' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Method' }).getByRole('listitem')).toHaveCount(5);
  });
});

test('a recipe page shows its spices with their amounts and numbered steps, and describes itself as a Recipe', async ({
  page,
}) => {
  await page.goto('/recipes/chana-masala');
  await expect(page.getByRole('heading', { level: 1, name: 'Chana Masala' })).toBeVisible();
  const facts = page.getByRole('definition');
  await expect(facts).toHaveText(['15 min', '40 min', '55 min', '4']);
  const spices = page.getByRole('list', { name: "The shop's spices in this recipe" }).getByRole('listitem');
  await expect(spices).toHaveCount(5);
  await expect(spices.first()).toContainText('Cumin Seeds');
  await expect(spices.first()).toContainText('1 teaspoon');
  await expect(spices.first().getByRole('link', { name: 'Cumin Seeds' })).toHaveAttribute(
    'href',
    '/products/cumin-seeds',
  );
  const method = page.getByRole('region', { name: 'Method' });
  const steps = method.getByRole('listitem');
  await expect(steps).toHaveCount(6);
  await expect(steps.first()).toContainText('Step 1: Warm the oil');

  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const recipe = blocks
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((data) => data['@type'] === 'Recipe');
  expect(recipe).toMatchObject({
    '@context': 'https://schema.org',
    name: 'Chana Masala',
    recipeCuisine: 'Indian',
    recipeCategory: 'Main',
    prepTime: 'PT15M',
    cookTime: 'PT40M',
    totalTime: 'PT55M',
    recipeYield: '4 servings',
    datePublished: '2026-11-20',
    author: { '@type': 'Organization', name: 'Saffron & Stone' },
  });
  expect(recipe?.['recipeIngredient']).toEqual(
    expect.arrayContaining(['1 teaspoon Cumin Seeds', '3 tablespoons neutral oil or ghee']),
  );
  expect(recipe?.['image']).toEqual([expect.stringMatching(/^https?:\/\/.+\.jpg$/)]);
  const instructions = recipe?.['recipeInstructions'] as {
    '@type': string;
    position: number;
    text: string;
  }[];
  expect(instructions).toHaveLength(6);
  expect(instructions[0]).toMatchObject({
    '@type': 'HowToStep',
    position: 1,
    text: expect.stringMatching(/^Warm the oil/),
  });
});

test('printed, a recipe page is the recipe without the top bar, the footer or its button', async ({
  page,
}) => {
  await page.goto('/recipes/misir-wot');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { level: 1, name: 'Misir Wot' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Method' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add the spices to cart' })).toBeHidden();
});

test("one press puts the smallest pack in stock of each of a recipe's spices in the cart, and names the one sold out", async ({
  page,
}) => {
  // Za'atar manakish uses za'atar and nigella: every za'atar pack is counted out, nigella is not
  // counted (in stock). No other test counts or buys either.
  await merchant('stock', 'set', 'zaatar', '60 g', '0');
  await merchant('stock', 'set', 'zaatar', '150 g', '0');
  await page.goto('/recipes/zaatar-manakish');
  await page.getByRole('button', { name: 'Add the spices to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toHaveText(
    "Added 1 spice to your cart: Nigella Seeds (100 g). Not added: Za'atar (sold out).",
  );
  const lines = (await readStorage<Line[]>(page, 'cart')) ?? [];
  expect(lines.map((line) => [line.id, line.quantity])).toEqual([['nigella-seeds:100 g', 1]]);
  await expect(page.locator('[data-cart-link]')).toContainText('1');
});

test('a product page cooks with the recipes that use it, and pairs with what they use most with it', async ({
  page,
}) => {
  await page.goto('/products/cumin-seeds');
  // They come in below the reviews as the shopper nears them: the page's first response has no room.
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  const cook = page.getByRole('region', { name: 'Cook with it' });
  const recipes = cook.getByRole('article');
  await expect(recipes).toHaveCount(2);
  await expect(recipes.getByRole('heading')).toHaveText(['Chana Masala', 'Tadka Dal']);
  await expect(cook.getByRole('link', { name: 'Every recipe with Cumin Seeds' })).toHaveAttribute(
    'href',
    '/recipes/spice/cumin-seeds',
  );
  // Turmeric and chili powder go with cumin in both its recipes; the others in one.
  const pairs = page.getByRole('region', { name: 'Pairs well with' }).locator('li[data-product-id]');
  await expect(pairs).toHaveCount(4);
  expect(
    (await pairs.evaluateAll((items) => items.map((item) => item.getAttribute('data-product-id')))).slice(
      0,
      2,
    ),
  ).toEqual(['kashmiri-chili-powder', 'lakadong-turmeric']);

  await recipes.getByRole('link', { name: 'Tadka Dal' }).click();
  await expect(page).toHaveURL(/\/recipes\/tadka-dal$/);
});

test('a product page pairs with the products its editors named, in their order', async ({ page }) => {
  await page.goto('/products/kashmiri-saffron');
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  const pairs = page.getByRole('region', { name: 'Pairs well with' }).locator('li[data-product-id]');
  await expect(pairs).toHaveCount(3);
  expect(
    await pairs.evaluateAll((items) => items.map((item) => item.getAttribute('data-product-id'))),
  ).toEqual(['green-cardamom', 'ras-el-hanout', 'star-anise']);
  const cook = page.getByRole('region', { name: 'Cook with it' }).getByRole('article');
  await expect(cook.getByRole('heading')).toHaveText([
    'Saffron and Cardamom Kheer',
    'Chicken Tagine with Apricots',
  ]);
});

test("the top bar's suggestions find a recipe by its title, shown as a recipe", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/about');
  await page.getByLabel('Search the shop').pressSequentially('chana masala');
  const recipe = page
    .getByRole('listbox', { name: 'Suggestions' })
    .getByRole('option', { name: /Chana Masala/ });
  await expect(recipe).toHaveText(/^Chana Masala\s*Recipe · 55 min$/);
  await expect(page.getByRole('status').filter({ hasText: /suggested$/ })).toHaveText(/, 1 recipe and /);
  await recipe.click();
  await expect(page).toHaveURL(/\/recipes\/chana-masala$/);
});

for (const javaScriptEnabled of [true, false]) {
  test(`the catalogue's search finds a recipe by its title, shown as a recipe (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
    baseURL,
  }) => {
    const page = await browser.newPage({ javaScriptEnabled, baseURL: baseURL ?? '' });
    await page.goto('/products');
    const field = page.getByRole('searchbox', { name: 'Search products' });
    await field.fill('Chicken Tagine');
    await field.press('Enter');
    const found = page.getByRole('region', { name: 'Recipes' });
    await expect(found.getByRole('link')).toHaveText([
      'Chicken Tagine with ApricotsNorth African · Main · 1 hr 30 min',
    ]);
    await found.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Chicken Tagine with Apricots' })).toBeVisible();
    await page.close();
  });
}

test("a product page's recipes and pairings, once in, and the page they come from have no WCAG 2.2 AA violations", async ({
  page,
}) => {
  await page.goto('/products/kashmiri-saffron');
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'Pairs well with' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/products/kashmiri-saffron/cook');
  await expect(page.getByRole('heading', { level: 1, name: 'Cook with Kashmiri Saffron' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the home page leads to the recipes', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Cook with our spices' }).click();
  await expect(page).toHaveURL(/\/recipes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cooking with our spices' })).toBeVisible();
});

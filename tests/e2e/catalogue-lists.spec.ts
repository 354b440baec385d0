import { blockStorageWrites, expect, readStorage, test, toastNamed } from './fixtures.ts';
import { apiProducts, money } from './catalogue.helpers.ts';
import type { ApiProduct } from '../support/shopData.ts';

const LISTS: [path: string, heading: string, flag: (p: ApiProduct) => boolean][] = [
  ['/new-arrivals', 'New Arrivals', (p) => p.newArrival],
  ['/best-sellers', 'Best Sellers', (p) => p.bestSeller],
  ['/special-offers', 'Special Offers', (p) => Boolean(p.offer)],
];

for (const [path, heading, flag] of LISTS) {
  test(`${path} shows the six products flagged for it`, async ({ page, request }) => {
    const flagged = (await apiProducts(request)).filter(flag).slice(0, 6);
    expect(flagged).toHaveLength(6);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const cards = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.locator('article') });
    await expect(cards).toHaveCount(6);
    for (const product of flagged) {
      await expect(page.getByRole('link', { name: product.title, exact: true })).toHaveAttribute(
        'href',
        `/products/${product._id}`,
      );
    }
  });
}

test('special offers show the banner and, on every card, the badge and the offer price', async ({
  page,
  request,
}) => {
  const offers = (await apiProducts(request)).filter((p) => p.offer).slice(0, 6);
  await page.goto('/special-offers');
  await expect(page.getByText('Up to 20% OFF')).toBeVisible();
  await expect(page.getByText('Limited time deals')).toBeVisible();
  for (const product of offers) {
    const card = page.locator(`[data-product-id="${product._id}"]`);
    const pack = product.netQuantities[0]!;
    await expect(card.getByText(`-${product.offer}%`)).toBeVisible();
    await expect(card.locator('s')).toHaveText(`Original price ${money(pack.price)}`);
    await expect(card).toContainText(`Offer price ${money(pack.offerPrice!)}`);
  }
});

test('the heart on a card saves the product in its first pack size', async ({ page, request }) => {
  const product = (await apiProducts(request)).find((p) => p.bestSeller)!;
  await page.goto('/best-sellers');
  const heart = page.getByRole('button', { name: `Save ${product.title} to wishlist` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  const pack = product.netQuantities[0]!;
  expect(await readStorage(page, 'wishlist')).toEqual([
    {
      id: `${product._id}:${pack.label}`,
      productId: product._id,
      pack: pack.label,
      name: `${product.title} (${pack.label})`,
      price: pack.offerPrice ?? pack.price,
      image: expect.stringMatching(/^\/_astro\//),
    },
  ]);
  await page.reload();
  await expect(page.getByRole('button', { name: `Save ${product.title} to wishlist` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: `Save ${product.title} to wishlist` }).click();
  expect(await readStorage(page, 'wishlist')).toEqual([]);
});

for (const path of ['/best-sellers', '/products', '/']) {
  test(`on ${path}, a heart that storage refuses stays pressed for the page and says it was not saved`, async ({
    page,
    request,
  }) => {
    // Featured and a best seller: on the home page, the catalogue's first page and its list.
    const product = (await apiProducts(request)).find((p) => p.bestSeller && p.featured)!;
    await blockStorageWrites(page);
    await page.goto(path);
    const heart = page.getByRole('button', { name: `Save ${product.title} to wishlist` }).first();
    await heart.click();
    const warning = toastNamed(page, "Couldn't save your wishlist on this device");
    await expect(warning).toBeVisible();
    await expect(warning).toHaveAttribute('data-type', 'error');
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(await readStorage(page, 'wishlist')).toBeNull();
  });
}

import { signIn } from './account.ts';
import { test, expect, closeMiniCart, readStorage } from './fixtures.ts';
import { SHOPPER } from '../support/shopData.ts';
import { apiProducts, hydrated, money } from './catalogue.helpers.ts';
import type { ApiProduct } from '../support/shopData.ts';

interface Line {
  id: string;
  name: string;
  price: number;
  image: string;
  quantity: number;
}

async function pick(
  request: Parameters<typeof apiProducts>[0],
  wanted: (product: ApiProduct) => boolean,
): Promise<ApiProduct> {
  const product = (await apiProducts(request)).find(wanted);
  expect(product, 'the catalogue has a product for this test').toBeDefined();
  return product!;
}

test('the product page shows every detail of the product', async ({ page, request }) => {
  const product = await pick(request, (p) => p.inStock);
  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(product.variety, { exact: true }).first()).toBeVisible();
  await expect(main.getByText('In Stock', { exact: true })).toBeVisible();
  await expect(main.getByText(product.description.split('\n')[0]!.slice(0, 60))).toBeVisible();
  const tags = main.getByRole('list', { name: 'Tags' });
  for (const tag of product.tags) await expect(tags.getByText(tag, { exact: true })).toBeVisible();
  for (const ingredient of product.ingredients)
    await expect(main.getByText(ingredient).first()).toBeVisible();
  const facts = main.getByRole('table');
  await expect(facts.getByRole('row', { name: /Calories/ })).toContainText(
    `${product.nutrition.calories} kcal`,
  );
  await expect(facts.getByRole('row', { name: /Protein/ })).toContainText(`${product.nutrition.protein} g`);
  await expect(facts.getByRole('row', { name: /Carbs/ })).toContainText(`${product.nutrition.carbs} g`);
  await expect(facts.getByRole('row', { name: /Fat/ })).toContainText(`${product.nutrition.fat} g`);
});

test('thumbnails switch the main image, and the video plays when there is one', async ({ page, request }) => {
  const product = await pick(request, (p) => Boolean(p.video));
  await page.goto(`/products/${product._id}`);
  const gallery = page.locator('[data-gallery]');
  const main = gallery.locator('[data-view]:visible');
  await expect(main).toHaveCount(1);
  const firstSrc = await main.getAttribute('src');

  const second = page.getByRole('button', { name: /^Show image 2 of/ });
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(main).toHaveCount(1);
  expect(await main.getAttribute('src')).not.toBe(firstSrc);

  await page.getByRole('button', { name: /^Play the video/ }).click();
  const video = gallery.locator('video');
  await expect(video).toBeVisible();
  await expect(video.locator('source')).toHaveAttribute('src', new URL(product.video!).pathname);
  const response = await page.request.get(new URL(product.video!).pathname);
  expect(response.headers()['content-type']).toMatch(/^video\//);
});

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`on a ${device}, choosing a pack size shows that pack's tin first`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const product = await pick(
      request,
      (p) => p.inStock && p.netQuantities.length > 1 && p.netQuantities.some((q) => q.label === '250 g'),
    );
    const first = product.netQuantities[0]!;
    await page.goto(`/products/${product._id}`);
    await hydrated(page, 'ProductPurchase');
    const main = page.locator('[data-gallery] [data-view]:visible');
    await expect(main).toHaveAttribute('alt', new RegExp(`^${product.title}, ${first.label} tin`));
    const firstSrc = await main.getAttribute('src');

    // Looking at the still life, the shopper picks a size: its tin comes to the front.
    await page.getByRole('button', { name: /^Show image 2 of/ }).click();
    await page.getByRole('radio', { name: /^250 g/ }).check();
    await expect(main).toHaveAttribute('alt', new RegExp(`^${product.title}, 250 g tin`));
    expect(await main.getAttribute('src')).not.toBe(firstSrc);
    await expect(main).toHaveJSProperty('complete', true);
    expect(await main.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: /^Show image 1 of \d+: .*, 250 g tin/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.getByRole('radio', { name: new RegExp(`^${first.label}`) }).check();
    await expect(main).toHaveAttribute('alt', new RegExp(`^${product.title}, ${first.label} tin`));
    expect(await main.getAttribute('src')).toBe(firstSrc);
  });
}

test('choosing a pack size changes the price and the unit price', async ({ page, request }) => {
  const product = await pick(request, (p) => p.inStock && p.netQuantities.length > 1);
  await page.goto(`/products/${product._id}`);
  await hydrated(page, 'ProductPurchase');
  for (const pack of product.netQuantities) {
    await page.getByRole('radio', { name: new RegExp(`^${pack.label}`) }).check();
    const paid = pack.offerPrice ?? pack.price;
    const unit =
      pack.grams < 10
        ? `${money(Math.round((paid * 100) / pack.grams) / 100)} / g`
        : `${money(Math.round((paid * 100 * 100) / pack.grams) / 100)} / 100 g`;
    await expect(page.getByText(`${pack.label} · ${unit}`)).toBeVisible();
    await expect(page.getByRole('main').getByText(money(paid), { exact: true }).first()).toBeVisible();
  }
});

test('Add to Cart puts the chosen pack size in the cart and says so', async ({ page, request }) => {
  const product = await pick(request, (p) => p.inStock && p.netQuantities.length > 1);
  const pack = product.netQuantities[1]!;
  await page.goto(`/products/${product._id}`);
  await hydrated(page, 'ProductPurchase');
  await page.getByRole('radio', { name: new RegExp(`^${pack.label}`) }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart', { exact: true })).toBeVisible();
  await closeMiniCart(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();

  const cart = await readStorage<Line[]>(page, 'cart');
  expect(cart).toEqual([
    {
      id: `${product._id}:${pack.label}`,
      productId: product._id,
      pack: pack.label,
      name: `${product.title} (${pack.label})`,
      price: pack.offerPrice ?? pack.price,
      image: expect.stringMatching(/^\/_astro\/.+\.webp$/),
      quantity: 2,
    },
  ]);
  const image = await page.request.get(cart![0]!.image);
  expect(image.status()).toBe(200);
});

test('a product on offer shows the offer price with the original struck, and charges the offer price', async ({
  page,
  request,
}) => {
  const product = await pick(request, (p) => p.inStock && Boolean(p.offer));
  const pack = product.netQuantities[0]!;
  expect(pack.offerPrice).toBeCloseTo((pack.price * (100 - product.offer!)) / 100, 2);
  await page.goto(`/products/${product._id}`);
  await hydrated(page, 'ProductPurchase');
  const main = page.getByRole('main');
  await expect(main.locator('s').first()).toHaveText(`Original price ${money(pack.price)}`);
  await expect(main.getByText(`Offer price ${money(pack.offerPrice!)}`).first()).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart', { exact: true })).toBeVisible();
  const cart = await readStorage<Line[]>(page, 'cart');
  expect(cart?.[0]?.price).toBe(pack.offerPrice);
});

test('Buy Now signed out queues the login toast and goes to sign-in, the item waiting in the cart', async ({
  page,
  request,
}) => {
  const product = await pick(request, (p) => p.inStock);
  // A blank sign-in page, so the queued toast stays for the test to read.
  await page.route(/\/auth(\?|$)/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>auth</title>' }),
  );
  await page.goto(`/products/${product._id}`);
  await hydrated(page, 'ProductPurchase');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL('/auth?next=%2Fcheckout');
  const flash = await page.evaluate(() => sessionStorage.getItem('flashToast'));
  expect(JSON.parse(flash ?? 'null')).toEqual({ kind: 'error', title: 'Please login to continue' });
  const cart = await readStorage<Line[]>(page, 'cart');
  expect(cart?.map((line) => line.id)).toEqual([`${product._id}:${product.netQuantities[0]!.label}`]);
});

test('Buy Now signed in adds the product and goes to checkout', async ({ page, request }) => {
  const product = await pick(request, (p) => p.inStock);
  const pack = product.netQuantities[0]!;
  await signIn(page, { name: SHOPPER.name });
  await page.route('**/checkout', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>checkout</title>' }),
  );
  await page.goto(`/products/${product._id}`);
  await hydrated(page, 'ProductPurchase');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL('/checkout');
  const cart = await readStorage<Line[]>(page, 'cart');
  expect(cart).toEqual([expect.objectContaining({ id: `${product._id}:${pack.label}`, quantity: 1 })]);
});

test('an out-of-stock product says so and cannot be added or bought', async ({ page, request }) => {
  const product = await pick(request, (p) => !p.inStock);
  await page.goto(`/products/${product._id}`);
  await hydrated(page, 'ProductPurchase');
  await expect(page.getByRole('main').getByText('Out of Stock', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
});

test('the heart saves the chosen pack size to the wishlist and removes it again', async ({
  page,
  request,
}) => {
  const product = await pick(request, (p) => p.inStock);
  const pack = product.netQuantities[0]!;
  await page.goto(`/products/${product._id}`);
  await hydrated(page, 'ProductPurchase');
  const heart = page
    .getByRole('main')
    .getByRole('button', { name: `Save ${product.title} to wishlist` })
    .first();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect(await readStorage(page, 'wishlist')).toEqual([
    expect.objectContaining({ id: `${product._id}:${pack.label}`, name: `${product.title} (${pack.label})` }),
  ]);
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  expect(await readStorage(page, 'wishlist')).toEqual([]);
});

test('the product page carries Product and BreadcrumbList data and its own share image', async ({
  page,
  request,
}) => {
  const [first, second] = await apiProducts(request);
  const images: string[] = [];
  for (const product of [first!, second!]) {
    await page.goto(`/products/${product._id}`);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
    const item = data.find((d) => d['@type'] === 'Product');
    expect(item).toMatchObject({
      name: product.title,
      sku: product._id,
      offers: expect.arrayContaining([
        expect.objectContaining({
          priceCurrency: 'USD',
          availability: `https://schema.org/${product.inStock ? 'InStock' : 'OutOfStock'}`,
        }),
      ]),
    });
    const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string }[];
    };
    expect(crumbs.itemListElement.map((crumb) => crumb.name)).toEqual(['Home', 'Products', product.title]);
    const og = await page.locator('meta[property="og:image"]').getAttribute('content');
    images.push(og!);
    expect((await page.request.get(new URL(og!).pathname)).headers()['content-type']).toMatch(/^image\//);
  }
  expect(images[0]).not.toBe(images[1]);
});

test('a pack under 25 g shows its price per gram, on the card and on the product page', async ({ page }) => {
  await page.goto('/products?q=saffron');
  const card = page.locator('[data-product-id="kashmiri-saffron"]');
  await expect(card).toContainText('1 g · $14.00 / g');
  await expect(card).not.toContainText('/ 100 g');
  await page.goto('/products/kashmiri-saffron');
  await hydrated(page, 'ProductPurchase');
  await expect(page.getByText('1 g · $14.00 / g')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^5 g/ })).toBeAttached();
  const pepper = page.locator('[data-product-id="tellicherry-black-pepper"]');
  await page.goto('/products?q=pepper');
  await expect(pepper).toContainText(/100 g · \$\d+\.\d\d \/ 100 g/);
});

import type { APIRequestContext, Page } from '@playwright/test';
import {
  blockStorageWrites,
  closeMiniCart,
  expect,
  holdRequests,
  openHydrated,
  readStorage,
  seedStorage,
  test,
  toastNamed,
} from './fixtures.ts';
import { PIXEL, type ApiProduct } from '../support/shopData.ts';

/** The catalogue as the product API serves it: the tests follow whatever products exist. */
async function catalogue(request: APIRequestContext): Promise<ApiProduct[]> {
  const body = (await (await request.get('/api/v1/product')).json()) as { products: ApiProduct[] };
  return body.products;
}

async function productWhere(request: APIRequestContext, inStock: boolean): Promise<ApiProduct> {
  const product = (await catalogue(request)).find((candidate) => candidate.inStock === inStock);
  if (!product) throw new Error(`the catalogue has no product with inStock ${inStock}`);
  return product;
}

/** A wishlist item as the product cards' hearts save it: the product in one pack size. */
function savedItem(product: ApiProduct, packIndex = 0) {
  const pack = product.netQuantities[packIndex];
  if (!pack) throw new Error(`${product._id} has no pack ${packIndex}`);
  return {
    id: `${product._id}:${pack.label}`,
    productId: product._id,
    pack: pack.label,
    name: `${product.title} (${pack.label})`,
    price: pack.offerPrice ?? pack.price,
    image: PIXEL,
  };
}

async function openWishlist(page: Page, items: unknown[]) {
  await seedStorage(page, { wishlist: items });
  await openHydrated(page, '/wishlist');
}

const card = (page: Page, name: string) => page.getByRole('listitem', { name });

test('an empty wishlist invites browsing', async ({ page }) => {
  await openHydrated(page, '/wishlist');
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
});

test('each saved product shows its image, name and price', async ({ page, request }) => {
  const product = await productWhere(request, true);
  const item = savedItem(product);
  await openWishlist(page, [item]);
  const saved = card(page, item.name);
  await expect(saved.locator('img')).toHaveAttribute('src', PIXEL);
  await expect(saved.getByRole('link', { name: item.name })).toHaveAttribute(
    'href',
    `/products/${product._id}`,
  );
  await expect(saved.getByText(`$${item.price.toFixed(2)}`, { exact: true })).toBeVisible();
});

test('Add to Cart puts the saved pack at today’s price into the cart and says so', async ({
  page,
  request,
}) => {
  const product = await productWhere(request, true);
  const item = savedItem(product, product.netQuantities.length - 1);
  await openWishlist(page, [item]);
  const add = card(page, item.name).getByRole('button', { name: 'Add to Cart' });
  await add.click();
  const added = toastNamed(page, 'Added to cart!');
  await expect(added).toBeVisible();
  await expect(added).toHaveAttribute('data-type', 'success');
  await closeMiniCart(page);
  await add.click();
  await expect.poll(() => readStorage(page, 'cart')).toEqual([{ ...item, quantity: 2 }]);
});

test('an item saved by product id alone goes into the cart in its first pack size', async ({
  page,
  request,
}) => {
  const product = await productWhere(request, true);
  const first = savedItem(product);
  await openWishlist(page, [{ id: product._id, name: product.title, price: 1, image: PIXEL }]);
  await card(page, first.name).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toastNamed(page, 'Added to cart!')).toBeVisible();
  expect(await readStorage(page, 'cart')).toEqual([{ ...first, quantity: 1 }]);
});

test('a product now out of stock cannot be added', async ({ page, request }) => {
  const item = savedItem(await productWhere(request, false));
  await openWishlist(page, [item]);
  const saved = card(page, item.name);
  await expect(saved.getByText('Out of Stock')).toBeVisible();
  await expect(saved.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});

test('a product that left the catalogue shows as unavailable and can be removed', async ({
  page,
  request,
}) => {
  const gone = { id: 'retired-blend:250 g', name: 'Retired Blend (250 g)', price: 9.5, image: '/gone.webp' };
  const kept = savedItem(await productWhere(request, true));
  await openWishlist(page, [gone, kept]);
  const retired = card(page, gone.name);
  await expect(retired.getByText('No longer available')).toBeVisible();
  await expect(retired.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await expect(retired.getByRole('link')).toHaveCount(0);
  await retired.getByRole('button', { name: `Remove ${gone.name}` }).click();
  await expect(retired).toHaveCount(0);
  expect((await readStorage<{ id: string }[]>(page, 'wishlist'))?.map((item) => item.id)).toEqual([kept.id]);
});

test('removing the last item leaves the empty wishlist', async ({ page, request }) => {
  const item = savedItem(await productWhere(request, true));
  await openWishlist(page, [item]);
  await page.getByRole('button', { name: `Remove ${item.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  expect(await readStorage(page, 'wishlist')).toEqual([]);
});

test('a saved wishlist renders without hydration warnings, and the empty state the server sends stays hidden', async ({
  page,
  request,
}) => {
  // The server sends the empty state once, in the placeholder slot the page shows before first
  // paint only when nothing is stored (hydration.spec.ts holds that).
  const html = await (await request.get('/wishlist')).text();
  expect(html.match(/Your wishlist is empty/g)).toHaveLength(1);
  expect(html).toMatch(/data-show-when="empty"[^<]*<div[^>]*>[^]*?Your wishlist is empty/);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) warnings.push(message.text());
  });
  const item = savedItem(await productWhere(request, true));
  await openWishlist(page, [item]);
  await expect(card(page, item.name)).toBeVisible();
  await expect(page.getByText('Your wishlist is empty')).toHaveCount(0);
  expect(warnings.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
});

test('when storage refuses the cart, Add to Cart says it was not kept', async ({ page, request }) => {
  const item = savedItem(await productWhere(request, true));
  await openWishlist(page, [item]);
  await blockStorageWrites(page);
  await openHydrated(page, '/wishlist');
  await card(page, item.name).getByRole('button', { name: 'Add to Cart' }).click();
  const warning = toastNamed(page, "Couldn't save your cart on this device");
  await expect(warning).toHaveAttribute('data-type', 'error');
  await expect(toastNamed(page, 'Added to cart!')).toHaveCount(0);
  await expect(card(page, item.name)).toBeVisible();
});

test('Add to Cart pressed before today’s price is known still charges today’s, not the one saved', async ({
  page,
  request,
}) => {
  const today = savedItem(await productWhere(request, true));
  const item = { ...today, price: 0.5 };
  const answer = await holdRequests(page, '**/api/v1/product/today?*');
  await openWishlist(page, [item]);
  const saved = card(page, item.name);
  await expect(saved.getByText('$0.50', { exact: true })).toBeVisible();
  await saved.getByRole('button', { name: 'Add to Cart' }).click();
  answer();
  await expect(toastNamed(page, 'Added to cart!')).toBeVisible();
  expect(await readStorage(page, 'cart')).toEqual([{ ...today, quantity: 1 }]);
  await expect(saved.getByText('$0.50', { exact: true })).toHaveCount(0);
});

test('while the shop cannot be reached, saved products still show and go into the cart as saved', async ({
  page,
  request,
}) => {
  const product = await productWhere(request, true);
  const item = savedItem(product);
  await page.route('**/api/v1/product/today?*', (route) => route.abort('internetdisconnected'));
  await openWishlist(page, [item]);
  const saved = card(page, item.name);
  await expect(saved.getByRole('link', { name: item.name })).toHaveAttribute(
    'href',
    `/products/${product._id}`,
  );
  await expect(saved.getByText(`$${item.price.toFixed(2)}`, { exact: true })).toBeVisible();
  await saved.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toastNamed(page, 'Added to cart!')).toBeVisible();
  expect(await readStorage(page, 'cart')).toEqual([{ ...item, quantity: 1 }]);
});

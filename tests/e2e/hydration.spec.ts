import type { Locator, Page } from '@playwright/test';
import {
  test,
  expect,
  holdRequests,
  readStorage,
  scrollIntoStyledView,
  seedStorage,
  toastNamed,
} from './fixtures.ts';
import { placeOrder, signIn } from './account.ts';
import { order } from './account-data.ts';
import { PEPPER_LINE } from '../support/shopData.ts';
import { hydrated } from './catalogue.helpers.ts';

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

// React hydrates in a transition: the island drops `ssr` before React has finished, and on a slow
// phone a sort chosen in that moment went back to Featured (its input event made React finish and
// draw, over the choice, an update that was waiting). At a quarter of this machine's speed, 3
// times in 4; the full suite on two busy cores once.
test('a sort chosen on a slow phone the moment the catalogue has hydrated is kept', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/products');
  await hydrated(page, 'Catalogue');
  const sort = page.getByLabel('Sort by');
  await sort.selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/[?&]sort=price-asc/);
  await expect(sort).toHaveValue('price-asc');
});

// Cart and wishlist draw from storage, which the server cannot read. With nothing stored, the
// empty state is on the first paint, before React, and React keeps that very element; with
// something stored, the skeleton is, and then the lines. React is held back to see the first paint.
const REACT_SCRIPT = /\/_astro\/client\.[\w-]+\.js$/;
function holdReact(page: Page): Promise<() => void> {
  return holdRequests(page, REACT_SCRIPT);
}

for (const list of [
  {
    path: '/cart',
    key: 'cart',
    island: 'CartPage',
    empty: 'Your cart is empty',
    loading: 'Loading your cart',
  },
  {
    path: '/wishlist',
    key: 'wishlist',
    island: 'WishlistPage',
    empty: 'Your wishlist is empty',
    loading: 'Loading your wishlist',
  },
]) {
  test(`${list.path} with nothing stored shows its empty state before React, and keeps it`, async ({
    page,
  }) => {
    const release = await holdReact(page);
    await page.goto(list.path);
    const heading = page.getByRole('heading', { name: list.empty });
    await expect(heading).toBeVisible();
    await expect(page.getByRole('status', { name: list.loading })).toBeHidden();
    const drawnByServer = await heading.elementHandle();
    release();
    await expect(page.locator(`astro-island[component-url*="/${list.island}."]`)).not.toHaveAttribute('ssr');
    await expect(heading).toBeVisible();
    expect(await drawnByServer?.evaluate((element) => element.isConnected)).toBe(true);
  });

  test(`${list.path} with something stored shows its skeleton before React, then the lines`, async ({
    page,
  }) => {
    const line = { id: 'amchur:100 g', name: 'Amchur', price: 5.5, image: '', quantity: 1 };
    await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: list.key,
      value: JSON.stringify([line]),
    });
    const release = await holdReact(page);
    await page.goto(list.path);
    await expect(page.getByRole('status', { name: list.loading })).toBeVisible();
    await expect(page.getByRole('heading', { name: list.empty })).toBeHidden();
    release();
    await expect(page.getByText('Amchur').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: list.empty })).toHaveCount(0);
  });
  // A saved list's largest paint is its first pictures: the page's own script asks for the first
  // screen's (two lines) while React is still on its way, and the skeleton draws them; only
  // pictures of the shop.
  test(`${list.path} fetches and draws its first two lines' pictures before React`, async ({
    page,
    request,
  }) => {
    const { products } = (await (await request.get('/products/index.json')).json()) as {
      products: { id: string; title: string; thumb: string }[];
    };
    const lines = products.slice(0, 3).map((product) => ({
      id: `${product.id}:100 g`,
      name: product.title,
      price: 5,
      image: product.thumb,
      quantity: 1,
    }));
    await seedStorage(page, { [list.key]: lines });
    await holdReact(page);
    const fetched = lines
      .slice(0, 2)
      .map((line) => page.waitForResponse((response) => new URL(response.url()).pathname === line.image));
    await page.goto(list.path);
    for (const response of await Promise.all(fetched)) expect(response.ok()).toBe(true);
    await expect(page.getByRole('status', { name: list.loading })).toBeVisible();
    const preloads = page.locator('link[rel="preload"][as="image"]');
    expect(await preloads.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      lines.slice(0, 2).map((line) => line.image),
    );
    expect(await picturesDrawnBy(page.getByRole('status', { name: list.loading }))).toEqual(
      lines.slice(0, 2).map((line) => line.image),
    );
  });

  // One page load each: four in one test outran its time on a slow machine.
  for (const [what, stored] of [
    [
      'stored lines name pictures on another host',
      [{ image: 'https://elsewhere.example/a.webp' }, { image: '//elsewhere.example/b.webp' }],
    ],
    [
      'stored lines name a backslash path or a number',
      [{ image: '/\\elsewhere.example/c.webp' }, { image: 5 }],
    ],
    ['stored lines are not lines (null, a bare string)', [null, 'amchur']],
    [
      'stored lines name a path that would write CSS of its own, or has a space',
      [{ image: '/a.webp"), url("https://elsewhere.example/d.webp' }, { image: '/a b.webp' }],
    ],
  ] as const) {
    test(`${list.path} asks for no picture when ${what}`, async ({ page }) => {
      await holdReact(page);
      await seedStorage(page, { [list.key]: stored });
      await page.goto(list.path);
      const skeleton = page.getByRole('status', { name: list.loading });
      await expect(skeleton).toBeVisible();
      await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(0);
      expect(await picturesDrawnBy(skeleton)).toEqual([]);
    });
  }
}

/** The paths of the pictures drawn inside an element, as CSS images (a skeleton's). */
function picturesDrawnBy(element: Locator): Promise<string[]> {
  return element.evaluate((root) =>
    [...root.querySelectorAll('*')]
      .map((inside) => getComputedStyle(inside).backgroundImage)
      .filter((image) => image !== 'none')
      .map((image) => new URL(image.replace(/^url\("?|"?\)$/g, '')).pathname),
  );
}

test('a cart stored in a form the shop cannot read still ends in the empty state once hydrated', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('cart', '[{"id":""}]'));
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toHaveCount(1);
});

// A product page loads React on the shopper's first act. What they press before it arrives, on
// a slow phone, is done once it has: the pack they chose, the quantity they stepped, Add to Cart.
test('a product page keeps the pack, the quantity and the Add to Cart pressed before it hydrated', async ({
  page,
}) => {
  const release = await holdReact(page);
  await page.goto('/products/tellicherry-black-pepper');
  await page.getByRole('radio', { name: /250 g/ }).check();
  await page.getByRole('button', { name: 'One more' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.locator('astro-island[component-url*="/ProductPurchase."]')).toHaveAttribute('ssr', '');
  release();
  // React, the purchase island and the toaster all load and hydrate only now: on a busy machine
  // that has taken longer than the usual five seconds.
  await expect(toastNamed(page, 'Added to cart')).toBeVisible({ timeout: 15_000 });
  expect(await readStorage<{ id: string; quantity: number }[]>(page, 'cart')).toEqual([
    expect.objectContaining({ id: 'tellicherry-black-pepper:250 g', quantity: 2 }),
  ]);
});

// My Orders comes drawn with the account's orders, whole without React, which it fetches on the
// shopper's first act. React must then take the server's HTML as it is: a mismatch would be
// thrown away and drawn again (logged, not thrown, so only the console and the elements tell),
// and an older copy in storage must never show between.
test('My Orders fetches React on the first act and hydrates onto the orders the server drew, keeping their very elements', async ({
  page,
}) => {
  const user = await signIn(page);
  const placed = await placeOrder(page, [PEPPER_LINE]);
  await seedStorage(page, { orders: [order('ORD-1730000000001', 'delivered', { userId: user.id })] });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const reactAsked: string[] = [];
  page.on('request', (request) => {
    if (REACT_SCRIPT.test(request.url())) reactAsked.push(request.url());
  });
  await page.goto('/my-orders');
  const card = page.getByRole('article', { name: `Order ${placed.id}` });
  await expect(card).toBeVisible();
  const drawnByServer = await card.elementHandle();
  const island = page.locator('astro-island[component-url*="/MyOrders."]');
  await page.waitForLoadState('networkidle');
  expect(reactAsked).toEqual([]);
  await expect(island).toHaveAttribute('ssr', '');
  await page.keyboard.press('Tab');
  await expect(island).not.toHaveAttribute('ssr');
  await expect(page.getByRole('article')).toHaveCount(1);
  expect(await drawnByServer?.evaluate((element) => element.isConnected)).toBe(true);
  await card.getByRole('button', { name: 'View Details' }).click();
  await expect(card.getByRole('region', { name: 'Delivery address' })).toBeVisible();
  expect(errors).toEqual([]);
});

// The newsletter form hydrates once it is in view. Until React handles it, the browser would
// send it as a page load, the address in the page's URL (and so in logs): it cannot be sent, by
// the button or by Enter, and can once the form has hydrated.
test('the newsletter form cannot be sent before it hydrates, so the address never reaches the URL', async ({
  page,
}) => {
  const sent: unknown[] = [];
  await page.route('**/api/v1/newsletter', async (route) => {
    sent.push(route.request().postDataJSON());
    await route.fulfill({ status: 201, json: { success: true, message: 'Subscribed' } });
  });
  const release = await holdReact(page);
  await page.goto('/');
  const email = page.getByRole('textbox', { name: 'Email address' });
  await scrollIntoStyledView(email);
  await email.fill('asha@example.com');
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  await expect(subscribe).toBeDisabled();
  await email.press('Enter');
  await expect(page.locator('astro-island[component-url*="/NewsletterForm."]')).toHaveAttribute('ssr', '');
  expect(new URL(page.url()).search).toBe('');
  release();
  await subscribe.click();
  await expect(toastNamed(page, 'Subscribed!')).toBeVisible();
  expect(sent).toEqual([{ email: 'asha@example.com' }]);
  expect(new URL(page.url()).search).toBe('');
});

import { signIn } from './account.ts';
import { test, expect, closeMiniCart, readStorage, seedStorage, toastNamed } from './fixtures.ts';
import { SHOPPER } from '../support/shopData.ts';
import { hydrated } from './catalogue.helpers.ts';

interface Line {
  id: string;
  quantity: number;
}

test('the chosen quantity goes into the cart with Add to Cart and Buy Now', async ({ page }) => {
  await page.goto('/products/tellicherry-black-pepper');
  await hydrated(page, 'ProductPurchase');
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue('1');
  await page.getByRole('button', { name: 'One more' }).click();
  await page.getByRole('button', { name: 'One more' }).click();
  await expect(quantity).toHaveValue('3');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toastNamed(page, 'Added to cart')).toBeVisible();
  expect((await readStorage<Line[]>(page, 'cart'))?.map(({ id, quantity: q }) => [id, q])).toEqual([
    ['tellicherry-black-pepper:100 g', 3],
  ]);
  await closeMiniCart(page);

  await quantity.fill('250');
  await expect(quantity).toHaveValue('99');
  await quantity.fill('4');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fcheckout$/);
  expect((await readStorage<Line[]>(page, 'cart'))?.[0]?.quantity).toBe(7);
});

test('Add to Cart opens a mini-cart: the line, the total, View Cart and Checkout; Escape gives focus back', async ({
  page,
}) => {
  await seedStorage(page, {
    cart: [{ id: 'amchur:100 g', name: 'Amchur (100 g)', price: 5, image: '/favicon.svg', quantity: 1 }],
  });
  await page.goto('/products/tellicherry-black-pepper');
  await hydrated(page, 'ProductPurchase');
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await add.click();
  await expect(toastNamed(page, 'Added to cart')).toBeVisible();

  const miniCart = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(miniCart).toBeVisible();
  const line = (await readStorage<{ name: string; price: number }[]>(page, 'cart'))![1]!;
  // The panel's own line: the toast, drawn inside the open dialog, names the line too.
  await expect(miniCart.locator('span', { hasText: line.name })).toBeVisible();
  await expect(miniCart.getByText(`1 x $${line.price.toFixed(2)}`)).toBeVisible();
  await expect(miniCart.getByText('Cart total (2 items)')).toBeVisible();
  await expect(miniCart.getByText(`$${(5 + line.price).toFixed(2)}`)).toBeVisible();
  await expect(miniCart.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
  await expect(miniCart.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  await expect(
    miniCart.getByRole('link', { name: 'View Cart' }),
    'focus moves into the mini-cart',
  ).toBeFocused();
  // A modal dialog is drawn above any z-index and makes the rest of the page inert: the toast is
  // seen, and can be closed, above the mini-cart's backdrop (a click on a covered one times out).
  await toastNamed(page, 'Added to cart')
    .getByRole('button', { name: 'Close toast' })
    .click({ timeout: 5_000 });
  await expect(toastNamed(page, 'Added to cart')).toBeHidden();
  await expect(miniCart, 'closing the toast leaves the mini-cart open').toBeVisible();

  await page.keyboard.press('Escape');
  await expect(miniCart).toBeHidden();
  await expect(add, 'focus goes back to the button that opened it').toBeFocused();

  await add.click();
  await miniCart.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(miniCart).toBeHidden();
  await expect(toastNamed(page, 'Added to cart'), 'a toast stays when the mini-cart closes').toBeVisible();
  await add.click();
  await miniCart.getByRole('link', { name: 'View Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test('a toast still shows when the network fails the first download of the toaster and of sonner', async ({
  page,
}) => {
  await page.goto('/products/tellicherry-black-pepper');
  await hydrated(page, 'ProductPurchase');
  await hydrated(page, 'Toaster');
  // From here on, every script the page asks for fails its first request, as a phone's network does.
  const failedOnce = new Set<string>();
  await page.route(/\/_astro\/.+\.js$/, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (failedOnce.has(path)) return route.fallback();
    failedOnce.add(path);
    return route.fulfill({ status: 503, body: 'busy' });
  });
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toastNamed(page, 'Added to cart')).toBeVisible();
  expect(failedOnce.size, 'the toast downloads sonner and its toaster').toBeGreaterThanOrEqual(2);
  // The page's uncaught errors (none allowed) are checked by the fixture.
});

test("the wishlist's Add to Cart opens the mini-cart too", async ({ page }) => {
  await seedStorage(page, {
    wishlist: [{ id: 'amchur:100 g', name: 'Amchur (100 g)', price: 5, image: '/favicon.svg' }],
  });
  await page.goto('/wishlist');
  await hydrated(page, 'WishlistPage');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const miniCart = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(miniCart.getByText('Cart total (1 item)')).toBeVisible();
  await miniCart.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fcheckout$|\/checkout$/);
});

test('removing a cart line, or stepping it to 0, can be undone from the toast', async ({ page }) => {
  const line = (productId: string, pack: string, quantity: number) => ({
    id: `${productId}:${pack}`,
    productId,
    pack,
    name: `${productId}:${pack}`,
    price: 5,
    image: '/favicon.svg',
    quantity,
  });
  const cart = [line('cumin-seeds', '100 g', 2), line('amchur', '100 g', 1), line('star-anise', '50 g', 3)];
  await seedStorage(page, { cart });
  await page.goto('/cart');
  await hydrated(page, 'CartPage');

  await page.getByRole('button', { name: 'Remove amchur:100 g' }).click();
  await expect(page.getByRole('listitem', { name: 'amchur:100 g' })).toHaveCount(0);
  await toastNamed(page, 'Removed from cart').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('listitem', { name: 'amchur:100 g' })).toBeVisible();
  expect(await readStorage(page, 'cart')).toEqual(cart);

  await page
    .getByRole('listitem', { name: 'cumin-seeds:100 g' })
    .getByRole('button', { name: 'Decrease quantity' })
    .click();
  await page
    .getByRole('listitem', { name: 'cumin-seeds:100 g' })
    .getByRole('button', { name: 'Decrease quantity' })
    .click();
  await expect(page.getByRole('listitem', { name: 'cumin-seeds:100 g' })).toHaveCount(0);
  await toastNamed(page, 'Removed from cart').last().getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => readStorage(page, 'cart')).toEqual([{ ...cart[0], quantity: 1 }, cart[1], cart[2]]);
});

test('Track Order is in the footer and in the account menu', async ({ page }) => {
  await signIn(page, { name: SHOPPER.name });
  await page.goto('/about');
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Track Order', exact: true }),
  ).toHaveAttribute('href', '/track-order');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.locator('#user-menu').getByRole('link', { name: 'Track Order' }).click();
  await expect(page).toHaveURL(/\/track-order$/);
});

test('the copy promises what the shop does: free shipping, no charge online, every product in a tin', async ({
  page,
}) => {
  for (const path of ['/shipping', '/faq', '/returns', '/terms']) {
    await page.goto(path);
    const text = await page.getByRole('main').innerText();
    expect(text, path).not.toMatch(/\$\d|free over|express|next day/i);
  }
  await page.goto('/shipping');
  await expect(page.getByRole('main')).toContainText('Shipping is free on every order');
  for (const path of ['/about', '/sustainability', '/our-story']) {
    await page.goto(path);
    const text = await page.getByRole('main').innerText();
    expect(text, path).not.toMatch(/\bpouch|\bjars?\b|glass|500 products/i);
  }
});

import type { Locator, Page } from '@playwright/test';
import type { ApiProduct } from '../support/shopData.ts';
import { signIn } from './account.ts';
import { test, expect } from './fixtures.ts';

// The whole shopping journey with the keyboard alone: Tab to move, Enter or Space to act, arrow
// keys inside the pack-size radio group, typing into fields. No clicks, no page.goto after the
// first page. Focus must be visible on everything Tab reaches and sensible after each step.

const MAX_TABS = 80;

/** Presses Tab (or Shift+Tab) until `target` has focus, then checks that the focus can be seen. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      await expectVisibleFocus(target);
      return;
    }
    await page.keyboard.press(key);
  }
  throw new Error(`${String(target)} not reached within ${MAX_TABS} presses of ${key}`);
}

/**
 * The focused element shows an outline or a ring: its own, its ::after or ::before (a stretched
 * card link), or its label's (a visually hidden radio).
 */
async function expectVisibleFocus(target: Locator): Promise<void> {
  const shown = await target.evaluate((el) => {
    const ring = (node: Element, pseudo: string | null = null) => {
      const style = getComputedStyle(node, pseudo);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    const label = el.closest('label');
    return (
      el.matches(':focus-visible') &&
      (ring(el) || ring(el, '::after') || ring(el, '::before') || (label !== null && ring(label)))
    );
  });
  expect(shown, `${String(target)} has focus but no visible focus indicator`).toBe(true);
}

/** After a navigation focus starts at the top: the first Tab reaches the skip link. */
async function expectFocusAtTop(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
}

test('a shopper buys and tracks an order with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { products } = (await (await request.get('/api/v1/product')).json()) as { products: ApiProduct[] };
  const product = products.find((p) => p.inStock !== false && (p.netQuantities?.length ?? 0) >= 2);
  if (!product?.netQuantities) throw new Error('the catalogue needs a product in stock with two pack sizes');
  const pack = product.netQuantities[1]?.label ?? '';

  await page.goto('/');
  await tabTo(page, page.getByRole('link', { name: 'Shop Now' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products$/);
  await expectFocusAtTop(page);

  const search = page.getByRole('searchbox', { name: 'Search products' });
  await tabTo(page, search);
  await page.keyboard.type(product.title);
  const card = page.getByRole('link', { name: product.title }).first();
  await tabTo(page, card);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expectFocusAtTop(page);

  const firstPack = page.getByRole('radio').first();
  await tabTo(page, page.getByRole('radio', { checked: true }));
  await expect(firstPack).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: pack })).toBeChecked();
  const addToCart = page.getByRole('button', { name: 'Add to Cart' });
  await tabTo(page, addToCart);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Added to cart', { exact: true })).toBeVisible();
  const miniCart = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(miniCart.getByRole('link', { name: 'View Cart' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(miniCart).toBeHidden();
  await expect(addToCart, 'focus goes back to Add to Cart when the mini-cart closes').toBeFocused();

  // Back up to the top bar: the product's lot, reviews and related products lie the other way.
  await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Sign in' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth$/);
  await tabTo(page, page.getByLabel('Phone number'));
  await page.keyboard.type('+1 415 555 0199');
  await page.keyboard.press('Enter');
  const code = page.getByLabel('Six-digit code');
  await expect(code).toBeFocused();
  // The sixth digit sends the code: nothing more to press.
  await page.keyboard.type('123456');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome!')).toBeVisible();

  await tabTo(page, page.getByRole('link', { name: /^Cart/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(`${product.title} (${pack})`)).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Proceed to Checkout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);

  // A first checkout: the address form is open, the focus in its first field.
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await page.keyboard.type('Keyboard Shopper');
  await tabTo(page, page.getByLabel('Street Address'));
  await page.keyboard.type('1 Tab Lane');
  await tabTo(page, page.getByLabel('City'));
  await page.keyboard.type('Portland');
  await tabTo(page, page.getByRole('button', { name: 'Save Address' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Address added successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Keyboard Shopper/ })).toBeChecked();

  // The ways to pay are one radio group: the arrow moves from the card to pay on delivery.
  await tabTo(page, page.getByRole('radio', { name: /^Pay by card/ }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /^Pay on delivery/ })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Place Order' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByText('Order placed successfully!')).toBeVisible();

  await tabTo(page, page.getByRole('link', { name: 'Track Order' }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/track-order\/ORD-\d+$/);
  await expect(page.getByText('Order Processing').first()).toBeVisible();
});

test('the menus open with the keyboard and give focus back when closed', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await tabTo(page, menu);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
  await expect(menu).toBeFocused();
});

test('Tab and Shift+Tab stay in the open mobile menu: the page it covers cannot take the focus', async ({
  page,
}) => {
  // A tablet: the menu (24rem) leaves some of the page beside it to click.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Menu' });
  await expect(dialog.getByRole('button', { name: 'Close menu' })).toBeFocused();
  // More presses than the menu has controls, both ways round.
  const controls = await dialog.locator('a:visible, button:visible').count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press <= controls; press += 1) {
      await page.keyboard.press(key);
      // In the menu, or gone to the browser's own controls (the body, for the page) on the way
      // round: never to a link or button of the page behind.
      const at = await page.evaluate(() =>
        document.activeElement === document.body ? 'browser' : document.activeElement?.closest('dialog')?.id,
      );
      expect(['mobile-menu', 'browser'], `${key} moved the focus to the page behind`).toContain(at);
    }
  }
  // A click on the page beside it closes it, as a tap outside a menu does.
  await page.mouse.click(600, 500);
  await expect(dialog).toBeHidden();
});

test('the account menu and the phone search close once Tab moves on past them, never covering the focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, { name: 'Asha Rao' });
  await page.goto('/products');
  const account = page.getByRole('button', { name: 'Account menu' });
  const menu = page.locator('#user-menu');
  await account.click();
  await expect(menu).toBeVisible();
  // Back to its own button and in again: the menu stays open for the keyboard.
  await tabTo(page, menu.getByRole('link', { name: 'Profile' }));
  await page.keyboard.press('Shift+Tab');
  await expect(account).toBeFocused();
  await expect(menu).toBeVisible();
  // On past Logout to the page: the menu closes instead of covering what took the focus.
  await tabTo(page, menu.getByRole('button', { name: 'Logout' }));
  await page.keyboard.press('Tab');
  await expect(menu).toBeHidden();
  await expect(page.locator(':focus')).toBeVisible();

  const search = page.locator('#site-search');
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  await expect(search).toBeVisible();
  await tabTo(page, search.getByLabel('Search the shop'));
  await page.keyboard.type('cumin');
  await tabTo(page, search.getByRole('button', { name: 'Clear search' }));
  await page.keyboard.press('Tab');
  await expect(search).toBeHidden();
  // The catalogue's own search field sits where the popover was: the focus reached it uncovered.
  await expect(page.locator(':focus')).toBeVisible();
});

// The catalogue's later cards are drawn only as the shopper nears them (`cards-later` in
// src/styles/global.css), and what such a card paints is clipped to its own box: the ring a card
// shows when its link has focus lies outside the card's edge, so the box must make room for it.
test("a later card's focus ring is drawn whole, within what the card paints", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/products');
  const card = page.locator('#catalogue-grid > li').nth(9);
  const link = card.getByRole('heading', { level: 3 }).getByRole('link');
  await link.scrollIntoViewIfNeeded();
  // A key pressed first, so that focus moved by script shows its ring as Tab's would.
  await page.keyboard.press('Tab');
  await link.focus();
  await expectVisibleFocus(link);
  const room = await link.evaluate((anchor) => {
    const item = anchor.closest('li')!;
    const ring = getComputedStyle(anchor, '::after');
    const reach = parseFloat(ring.outlineOffset) + parseFloat(ring.outlineWidth);
    const drawn = anchor.closest('article')!.getBoundingClientRect();
    const painted = item.getBoundingClientRect();
    return {
      clipped: getComputedStyle(item).contentVisibility === 'auto',
      reach,
      room: Math.min(
        drawn.left - painted.left,
        painted.right - drawn.right,
        drawn.top - painted.top,
        painted.bottom - drawn.bottom,
      ),
    };
  });
  expect(room.clipped).toBe(true);
  expect(room.reach).toBeGreaterThan(0);
  expect(room.room).toBeGreaterThanOrEqual(room.reach);
});

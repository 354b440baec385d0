import type { Page } from '@playwright/test';
import { test, expect, seedStorage } from './fixtures.ts';
import { SHOPPER } from '../support/shopData.ts';
import { signIn } from './account.ts';
import { CART } from './account-data.ts';
import { ROUTES as SHOP_ROUTES } from '../../scripts/shop-pages.mjs';

/**
 * Whether the browser's accessibility tree says the named button is expanded: a popover's
 * button gets that state from the browser, not from an attribute.
 */
async function isExpanded(page: Page, button: string): Promise<unknown> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const node = nodes.find((each) => each.role?.value === 'button' && each.name?.value === button);
    return node?.properties?.find((property) => property.name === 'expanded')?.value.value;
  } finally {
    await cdp.detach();
  }
}

/** Every route of the shop, with the heading a shopper sees first. */
const ROUTES: [path: string, heading: RegExp][] = [
  ['/', /./],
  ['/products', /./],
  ['/new-arrivals', /New Arrivals/i],
  ['/best-sellers', /Best Sellers/i],
  ['/special-offers', /Special Offers/i],
  ['/about', /./],
  ['/our-story', /./],
  ['/sustainability', /./],
  ['/careers', /./],
  ['/contact', /./],
  ['/faq', /./],
  ['/shipping', /./],
  ['/returns', /./],
  ['/cart', /./],
  ['/wishlist', /./],
  ['/auth', /./],
  ['/track-order', /./],
  ['/privacy', /./],
  ['/terms', /./],
  ['/cookies', /./],
];

test.describe('every route', () => {
  for (const [path, heading] of ROUTES) {
    test(`${path} answers 200 with a main heading`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
      await expect(page).toHaveTitle(/Saffron & Stone/);
    });
  }

  for (const [path, heading] of [
    ['/checkout', 'Checkout'],
    ['/my-orders', 'My Orders'],
    ['/profile', 'My Profile'],
  ] as const) {
    test(`${path} answers 200 with its heading for a signed-in shopper`, async ({ page }) => {
      await signIn(page, { name: SHOPPER.name });
      await seedStorage(page, { cart: CART });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      // Not sent to sign in, nor to an empty cart.
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
  }
});

test.describe('the top bar', () => {
  test('links to the catalogue and the company pages', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links: [string, string][] = [
      ['Shop', '/products'],
      ['About', '/about'],
      ['Our Story', '/our-story'],
      ['Sustainability', '/sustainability'],
      ['Careers', '/careers'],
    ];
    for (const [name, href] of links) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: /^Wishlist/ }).first()).toHaveAttribute('href', '/wishlist');
    await expect(page.getByRole('link', { name: /^Cart/ }).first()).toHaveAttribute('href', '/cart');
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  test('shows the cart count and wishlist length from storage as badges', async ({ page }) => {
    await seedStorage(page, {
      cart: [
        { id: 'a:50 g', name: 'A (50 g)', price: 5, image: '/a.jpg', quantity: 2 },
        { id: 'b:50 g', name: 'B (50 g)', price: 7, image: '/b.jpg', quantity: 3 },
      ],
      wishlist: [{ id: 'c', name: 'C', price: 9, image: '/c.jpg' }],
    });
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Cart, 5 items' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
  });

  test('becomes opaque after 20px of scroll', async ({ page }) => {
    await page.goto('/privacy');
    const header = page.locator('[data-site-header]');
    const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background()).toBe('rgba(0, 0, 0, 0)');
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-scrolled', '');
    await expect.poll(background).toBe('rgb(251, 247, 240)');
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(header).not.toHaveAttribute('data-scrolled');
  });

  test('signed in, the user icon opens the account menu, Escape closes it and Logout signs out', async ({
    page,
  }) => {
    await signIn(page, { name: SHOPPER.name });
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeHidden();
    const trigger = page.getByRole('button', { name: 'Account menu' });
    await trigger.click();
    const menu = page.locator('#user-menu');
    const items: [string, string][] = [
      ['Profile', '/profile'],
      ['My Orders', '/my-orders'],
      ['Track Order', '/track-order'],
      ['My Cart', '/cart'],
      ['Wishlist', '/wishlist'],
    ];
    for (const [name, href] of items) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect.poll(() => isExpanded(page, 'Account menu')).toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect.poll(() => isExpanded(page, 'Account menu')).toBe(false);

    await trigger.click();
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('the account menu works from the keyboard alone', async ({ page }) => {
    await signIn(page, { name: SHOPPER.name });
    await page.goto('/about');
    const trigger = page.getByRole('button', { name: 'Account menu' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.locator('#user-menu').getByRole('link', { name: 'Profile' })).toBeFocused();
  });
});

test.describe('the mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('repeats the links and shows Cart (n), Wishlist (n) and Login', async ({ page }) => {
    await seedStorage(page, {
      cart: [{ id: 'a:50 g', name: 'A (50 g)', price: 5, image: '/a.jpg', quantity: 4 }],
    });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/products');
    await expect(menu.getByRole('link', { name: 'Careers' })).toHaveAttribute('href', '/careers');
    await expect(menu.getByRole('link', { name: 'Cart (4)' })).toHaveAttribute('href', '/cart');
    await expect(menu.getByRole('link', { name: 'Wishlist (0)' })).toHaveAttribute('href', '/wishlist');
    await expect(menu.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  });

  test('opens and closes as a popover in a browser without invoker commands', async ({ page }) => {
    await page.goto('/');
    // Such a browser does not know the attributes: as if they were not there.
    await page.evaluate(() => {
      for (const button of document.querySelectorAll('[commandfor]')) {
        button.removeAttribute('commandfor');
        button.removeAttribute('command');
      }
    });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByRole('link', { name: 'Shop' })).toBeVisible();
    expect(await menu.evaluate((dialog) => dialog.matches(':popover-open'))).toBe(true);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  });

  test('signed in, shows the shopper name linking to My Orders instead of Login', async ({ page }) => {
    await signIn(page, { name: SHOPPER.name });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: SHOPPER.name })).toHaveAttribute('href', '/my-orders');
    await expect(menu.getByRole('link', { name: 'Login' })).toBeHidden();
  });
});

test.describe('the footer', () => {
  test('has the Shop, Company, Support and Legal links, five social links and a copyright line', async ({
    page,
  }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    const expected: Record<string, string[]> = {
      Shop: ['/products', '/new-arrivals', '/best-sellers', '/special-offers'],
      Company: ['/about', '/our-story', '/sustainability', '/careers'],
      Support: ['/contact', '/track-order', '/faq', '/shipping', '/returns'],
      Legal: ['/privacy', '/terms', '/cookies'],
    };
    for (const [column, hrefs] of Object.entries(expected)) {
      const links = footer.getByRole('navigation', { name: column }).getByRole('link');
      expect(await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')))).toEqual(hrefs);
    }
    await expect(footer.getByRole('list', { name: 'Social media' }).getByRole('link')).toHaveCount(5);
    await expect(footer).toContainText(/© \d{4} Saffron & Stone\. All rights reserved\./);
  });
});

test.describe('unknown routes', () => {
  test('get the 404 page with status 404, a link home and the path in the console', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expect.poll(() => logged.some((line) => line.includes('/no-such-page'))).toBe(true);
  });

  test('a malformed or very long URL gets a 4xx page, and the server keeps answering', async ({
    request,
  }) => {
    for (const path of ['/%E0%A4%A', `/${'a'.repeat(4000)}`, '/products/%ZZ']) {
      const response = await request.get(path);
      expect(response.status(), path).toBeGreaterThanOrEqual(400);
      expect(response.status(), path).toBeLessThan(500);
    }
    expect((await request.get('/')).status()).toBe(200);
  });
});

test('the sitemap lists public pages and leaves out the shopper’s own pages', async ({ request }) => {
  const index = await request.get('/sitemap-index.xml');
  expect(index.status()).toBe(200);
  const body = await (await request.get('/sitemap-0.xml')).text();
  expect(body).toContain('/products/kashmiri-saffron');
  expect(body).toContain('/about');
  for (const path of ['/cart', '/wishlist', '/auth', '/checkout', '/my-orders', '/profile']) {
    expect(body, path).not.toMatch(new RegExp(`<loc>[^<]*${path}/?</loc>`));
  }
});

test.describe('on a 360px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the signed-in top bar fits the screen', async ({ page }) => {
    await signIn(page, { name: SHOPPER.name });
    await page.goto('/about');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('on a 320px screen (a 1280px window zoomed to 400%)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('no information page scrolls sideways, tables of long names included', async ({ page }) => {
    for (const { path } of SHOP_ROUTES.filter((route) => route.group === 'information')) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

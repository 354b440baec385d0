import type { Locator } from '@playwright/test';
import { freshPhone, nationalPhone, ordersOutOfReach, signIn } from './account.ts';
import { expect, openHydrated, openStyled, readStorage, seedStorage, test } from './fixtures.ts';
import { SHOPPER, PIXEL } from '../support/shopData.ts';
import { order } from './account-data.ts';
import { apiProducts, hydrated, money } from './catalogue.helpers.ts';

const PAGE_MARGIN = 16;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

for (const width of [360, 390]) {
  test.describe(`home at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the saffron tin card in the hero stays inside the page margin', async ({ page }) => {
      await page.goto('/');
      const hero = page.getByRole('main').locator('section').first();
      // The hero's second picture is the tin, on its own small card.
      const tinCard = hero.getByRole('img').nth(1).locator('..');
      const card = await box(tinCard);
      expect(card.x).toBeGreaterThanOrEqual(PAGE_MARGIN);
      expect(card.x + card.width).toBeLessThanOrEqual(width - PAGE_MARGIN);
    });
  });
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('home: the newsletter card keeps the same gap to the footer as to the section above', async ({
    page,
  }) => {
    await page.goto('/');
    const newsletter = page.getByRole('heading', { name: 'Recipes, harvest news and first dibs' });
    const card = await newsletter.evaluate((heading) => {
      const { top, bottom } = heading.closest('section')!.firstElementChild!.getBoundingClientRect();
      return { top, bottom };
    });
    const valuesBottom = await page
      .getByRole('heading', { name: 'Fewer miles, more flavour' })
      .evaluate((heading) => heading.closest('section')!.querySelector('ul')!.getBoundingClientRect().bottom);
    const footer = await box(page.getByRole('contentinfo'));
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(footer.y + scrollY - card.bottom).toBe(card.top - valuesBottom);
  });

  test('sustainability: the goals band meets the footer with no strip between', async ({ page }) => {
    await page.goto('/sustainability');
    const goals = await box(page.getByRole('region', { name: 'Our 2030 goals' }));
    const footer = await box(page.getByRole('contentinfo'));
    expect(footer.y).toBe(goals.y + goals.height);
  });

  for (const path of ['/new-arrivals', '/best-sellers', '/special-offers']) {
    test(`${path} lays its cards in the catalogue's grid`, async ({ page }) => {
      const columns = async (url: string) => {
        await page.goto(url);
        const tops = await page
          .getByRole('main')
          .getByRole('listitem')
          .filter({ has: page.getByRole('link') })
          .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
        return tops.filter((top) => top === tops[0]).length;
      };
      const catalogue = await columns('/products');
      expect(catalogue).toBe(4);
      expect(await columns(path)).toBe(catalogue);
    });
  }

  test('a product page keeps no empty line between the quantity and the buttons', async ({ page }) => {
    await page.goto('/products/kashmiri-saffron');
    const quantity = await box(page.getByRole('spinbutton', { name: 'Quantity' }).locator('..'));
    const addToCart = await box(page.getByRole('button', { name: 'Add to Cart' }));
    // The panel's own gap (1.75rem) and no more: the pack's stock shares the quantity's row.
    expect(addToCart.y - (quantity.y + quantity.height)).toBeLessThanOrEqual(28 + 4);
  });

  test('contact: the OpenStreetMap link sits inside the map card', async ({ page }) => {
    await page.goto('/contact');
    const section = page.getByRole('region', { name: 'Find us on the map' });
    const card = await box(section.locator('> *').first());
    const link = await box(section.getByRole('link', { name: /on OpenStreetMap$/ }));
    expect(link.y).toBeGreaterThanOrEqual(card.y);
    expect(link.y + link.height).toBeLessThanOrEqual(card.y + card.height);
    expect(link.x).toBeGreaterThanOrEqual(card.x);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('/auth step 2 keeps the phone number on one line', async ({ page }) => {
    await openHydrated(page, '/auth');
    const typed = freshPhone();
    await page.getByLabel('Phone number').fill(typed);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const phone = page.getByText(nationalPhone(typed), { exact: true });
    await expect(phone).toBeVisible();
    // One line box: as tall as one line of its text.
    const lines = await phone.evaluate(
      (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
    );
    expect(lines).toBeLessThan(1.5);
  });

  test('/my-orders lines the order total up with the id and the badge', async ({ page }) => {
    const user = await signIn(page);
    await seedStorage(page, {
      orders: [
        order('ORD-1730000000003', 'processing', {
          date: 'November 22, 2025',
          total: 1234.5,
          userId: user.id,
        }),
      ],
    });
    // The shop out of reach: the page shows this browser's copy, with its large total.
    await ordersOutOfReach(page);
    await page.goto('/my-orders');
    const card = page.getByRole('article', { name: 'Order ORD-1730000000003' });
    const id = await box(card.getByRole('heading', { level: 2 }));
    const badge = await box(card.getByText('processing', { exact: true }));
    const total = await box(card.getByText('$1,234.50', { exact: true }).first());
    // Badge and total share one right edge, beside the id rather than on a row of their own.
    expect(Math.round(total.x + total.width)).toBe(Math.round(badge.x + badge.width));
    expect(total.y).toBeLessThan(id.y + id.height + 24);
    expect(badge.y).toBeLessThanOrEqual(id.y + id.height);
  });
});

test('a product on offer shows its original price struck on wishlist cards, cart lines and the order summary', async ({
  page,
  request,
}) => {
  const product = (await apiProducts(request)).find((p) => p.inStock && p.offer)!;
  const pack = product.netQuantities[0]!;
  const id = `${product._id}:${pack.label}`;
  const name = `${product.title} (${pack.label})`;
  // The API's URLs are absolute on SITE_URL; the shop stores its pictures by path.
  const image = new URL(product.images[0]!).pathname;
  await signIn(page);
  await seedStorage(page, {
    wishlist: [{ id, name, price: pack.price, image }],
    cart: [{ id, name, price: pack.offerPrice, image, quantity: 2 }],
  });
  await openHydrated(page, '/wishlist');
  const card = page.getByRole('listitem', { name });
  await expect(card.locator('s')).toHaveText(`Original price ${money(pack.price)}`);
  await expect(card.getByText(`Offer price ${money(pack.offerPrice!)}`)).toBeVisible();

  await openHydrated(page, '/cart');
  const line = page.getByRole('listitem', { name });
  await expect(line.locator('s')).toHaveText(`Original price ${money(pack.price)}`);
  await expect(line.getByText(`Offer price ${money(pack.offerPrice!)}`)).toBeVisible();

  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order Summary' }).getByRole('listitem');
  await expect(summary.locator('s')).toHaveText(`Original price ${money(pack.price * 2)}`);
  await expect(summary.getByText(`Offer price ${money(pack.offerPrice! * 2)}`)).toBeVisible();
});

test('a line at its usual price shows no struck price', async ({ page, request }) => {
  const product = (await apiProducts(request)).find((p) => p.inStock && !p.offer)!;
  const pack = product.netQuantities[0]!;
  const name = `${product.title} (${pack.label})`;
  await seedStorage(page, {
    cart: [
      {
        id: `${product._id}:${pack.label}`,
        name,
        price: pack.price,
        image: new URL(product.images[0]!).pathname,
        quantity: 1,
      },
    ],
  });
  await openHydrated(page, '/cart');
  const line = page.getByRole('listitem', { name });
  await expect(line.getByText(`${money(pack.price)} each`)).toBeVisible();
  await expect(line.locator('s')).toHaveCount(0);
});

test('the account button shows the saved profile picture instead of the initial', async ({ page }) => {
  const user = await signIn(page, { name: SHOPPER.name });
  await page.goto('/about');
  const account = page.getByRole('button', { name: 'Account menu' });
  const initial = account.getByText(SHOPPER.name.trim()[0]!.toUpperCase(), { exact: true });
  await expect(initial).toBeVisible();
  await expect(account.locator('img')).toBeHidden();

  // Painted from this browser's copy of the account, its session live.
  await seedStorage(page, { user: { ...user, profilePicture: PIXEL } });
  await page.goto('/about');
  await expect(account.locator('img')).toBeVisible();
  await expect(account.locator('img')).toHaveAttribute('src', PIXEL);
  await expect(initial).toBeHidden();
});

test('the catalogue search field shows the shop clear button, and no browser cross', async ({ page }) => {
  await openHydrated(page, '/products');
  const search = page.getByRole('searchbox', { name: 'Search products' });
  const clear = page.getByRole('main').getByRole('link', { name: 'Clear search' });
  const box = (await search.boundingBox())!;
  // The right end of the field, where a browser draws its clear cross; the typed text sits left.
  const rightEnd = { x: box.x + box.width - 48, y: box.y + 2, width: 44, height: box.height - 4 };
  await search.fill('');
  await expect(clear).toBeHidden();
  await search.hover();
  const empty = await page.screenshot({ clip: rightEnd });
  await search.fill('saffron');
  await expect(clear).toBeVisible();
  // With the shop's button out of sight, nothing else may be drawn there.
  await clear.evaluate((link) => (link.style.visibility = 'hidden'));
  await search.hover();
  expect(await page.screenshot({ clip: rightEnd })).toEqual(empty);
});

test.describe('the product page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows Add to Cart, the pack and its price within the first screen, before any scroll', async ({
    page,
    request,
  }) => {
    const product = (await apiProducts(request)).find((p) => p.inStock && p.netQuantities.length > 1)!;
    const pack = product.netQuantities[1]!;
    await page.goto(`/products/${product._id}`);
    await hydrated(page, 'ProductPurchase');
    await page.getByRole('radio', { name: new RegExp(`^${pack.label}`) }).check();
    await page.evaluate(() => window.scrollTo(0, 0));
    const add = (await page.getByRole('button', { name: 'Add to Cart' }).boundingBox())!;
    expect(add.y).toBeGreaterThanOrEqual(0);
    expect(add.y + add.height).toBeLessThanOrEqual(844);
    await expect(page.getByText(`${pack.label} · ${money(pack.offerPrice ?? pack.price)}`)).toBeInViewport();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect
      .poll(() => readStorage(page, 'cart'))
      .toEqual([expect.objectContaining({ id: `${product._id}:${pack.label}`, quantity: 1 })]);
  });

  test('the buy bar never hides the end of the page', async ({ page }) => {
    await openStyled(page, '/products/cumin-seeds');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bar = (await page.locator('[data-buy-bar]').boundingBox())!;
    const last = (await page.getByRole('contentinfo').locator('p').last().boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(bar.y);
  });

  test('keyboard focus is never hidden under the buy bar', async ({ page }) => {
    await page.goto('/products/cumin-seeds');
    const bar = page.locator('[data-buy-bar]');
    await expect(bar).toBeVisible();
    // From the description to the end of the footer: every stop lands above the bar.
    await page.getByRole('contentinfo').getByRole('link').first().focus();
    const seen: string[] = [];
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const focused = document.activeElement!;
        const barTop = document.querySelector('[data-buy-bar]')!.getBoundingClientRect().top;
        return {
          name: focused.textContent?.trim() ?? '',
          bottom: focused.getBoundingClientRect().bottom,
          barTop,
        };
      });
      expect(stop.bottom, `"${stop.name}" is above the buy bar`).toBeLessThanOrEqual(stop.barTop);
      seen.push(stop.name);
    }
    expect(seen, 'the footer links were walked').toContain('Best Sellers');
  });

  test('on a short screen the buy bar stays in the page, leaving the screen to the page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 640, height: 400 });
    await page.goto('/products/cumin-seeds');
    const bar = page.locator('[data-buy-bar]');
    await expect(bar).toHaveCSS('position', 'static');
    await expect(bar.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  });
});

test.describe('in a high-contrast theme (forced colours)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /** The computed style properties that still draw a state once forced colours drop fills and shadows. */
  const edges = (locator: Locator) =>
    locator.evaluate((element) => {
      const style = getComputedStyle(element);
      return { outline: style.outlineStyle, border: style.borderTopStyle, background: style.backgroundColor };
    });

  test('the chosen chip, pack and picture are outlined, buttons have edges, and the stock switch shows', async ({
    page,
  }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await openStyled(page, '/products?category=Spices&stock=in');
    const chips = page.getByRole('group', { name: 'Category' }).getByRole('button');
    await expect(chips.filter({ hasText: 'Spices' })).toHaveAttribute('aria-pressed', 'true');
    expect((await edges(chips.filter({ hasText: 'Spices' }))).outline).toBe('solid');
    expect((await edges(chips.first())).outline).toBe('none');
    const inStockOnly = page.getByRole('switch', { name: 'In stock only' });
    await expect(inStockOnly).toBeChecked();
    const on = await edges(inStockOnly);
    await inStockOnly.click();
    await expect(inStockOnly).not.toBeChecked();
    const off = await edges(inStockOnly);
    expect([on.border, off.border]).toEqual(['solid', 'solid']);
    expect(on.background, 'on and off differ').not.toBe(off.background);

    await openStyled(page, '/products/cumin-seeds');
    const chosenPack = page.locator('label:has(> input[name="pack-size"]:checked)');
    expect((await edges(chosenPack)).outline).toBe('solid');
    expect(
      (await edges(page.locator('label:has(> input[name="pack-size"]:not(:checked))').first())).outline,
    ).toBe('none');
    expect((await edges(page.getByRole('button', { name: /^Show image 1 of/ }))).outline).toBe('solid');
    expect((await edges(page.getByRole('button', { name: 'Add to Cart' }))).border).toBe('solid');
  });
});

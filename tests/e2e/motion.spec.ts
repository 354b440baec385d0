import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { realPath } from './shop.ts';

/** Elements (and pseudo-elements) whose transitions or animations last longer than 0.01 ms. */
function moving(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seconds = (list: string) => list.split(',').map((value) => parseFloat(value) || 0);
    const found: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        const longest = Math.max(...seconds(style.transitionDuration), ...seconds(style.animationDuration));
        if (longest > 0.00002) {
          found.push(
            `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}${pseudo ?? ''} ${longest}s`,
          );
        }
      }
    }
    return found;
  });
}

test('with reduced motion nothing on a page moves, menus and toasts included', async ({ page, baseURL }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 390, height: 844 });
  const product = await realPath('/products/:product', baseURL ?? '');
  // The product page last: its Add to Cart raises a toast below.
  for (const path of ['/', '/products', '/faq', product]) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    expect(await moving(page), `${path} moves with reduced motion`).toEqual([]);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
  }
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart', { exact: true })).toBeVisible();
  expect(await moving(page), 'the toast moves with reduced motion').toEqual([]);
});

test('without the preference the same pages do animate (the check above can fail)', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  expect(await moving(page)).not.toEqual([]);
});

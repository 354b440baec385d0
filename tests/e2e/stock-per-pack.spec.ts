// Stock is per pack: one pack sold out of three leaves the product on sale everywhere a shopper
// looks (its card, "In stock only", its page, a wishlist that saved that pack), and a counted pack
// stops the quantity, the mini-cart and the cart at its count. Kashmiri chili powder (100 g sold
// out of 100, 250 and 500 g) and ground ginger (sold out by its Markdown, 2 counted of its 250 g)
// are counted and bought by no other test.
import type { Page } from '@playwright/test';
import { expect, readStorage, test } from './fixtures.ts';
import { merchant } from './merchant.ts';

const packChoice = (page: Page, pack: string) => page.locator(`input[name="pack-size"][value="${pack}"]`);

for (const { name, width, height } of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport: { width, height } });

    test('one pack sold out of three: the card, the filter, the product page and the wishlist offer the others', async ({
      page,
    }) => {
      await merchant('stock', 'set', 'kashmiri-chili-powder', '100 g', '0');
      const card = page.locator('#catalogue-grid > li').filter({ hasText: 'Kashmiri Chili Powder' });

      // "In stock only" lists it; its card prices the cheapest pack that sells and names the one out.
      await page.goto('/products?q=kashmiri+chili+powder&stock=in');
      await expect(card).toHaveCount(1);
      await expect(card.getByText('Out of Stock')).toHaveCount(0);
      await expect(card.locator('.stock-note')).toHaveAttribute('data-note', '100 g sold out');
      await expect(card.locator('.stock-note')).toBeVisible();
      await expect(card.getByText(/^250 g · /)).toBeVisible();
      await expect(card.getByText('from $14.00', { exact: true })).toBeVisible();

      if (name === 'desktop') {
        // As the island filters, from the catalogue's live index.
        await page.goto('/products');
        await page.getByRole('switch', { name: 'In stock only' }).check();
        await page.getByPlaceholder('Search products...').fill('kashmiri chili');
        await expect(card).toHaveCount(1);
        await expect(card.getByText('from $14.00', { exact: true })).toBeVisible();
      }

      // The page opens on the first pack that sells; the sold-out one is marked and still a choice.
      await page.goto('/products/kashmiri-chili-powder');
      await expect(packChoice(page, '250 g')).toBeChecked();
      const purchase = page.locator('[data-purchase]');
      // Priced as the pack it opens on, with its price per 100 g.
      await expect(purchase.getByText('250 g · $5.60 / 100 g', { exact: true })).toBeVisible();
      await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
      const soldOutTile = page.locator('label').filter({ has: packChoice(page, '100 g') });
      await expect(soldOutTile.locator('.stock-note')).toHaveAttribute('data-note', 'Sold out');
      await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
      await packChoice(page, '100 g').check();
      await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
      await expect(page.getByRole('button', { name: "Tell me when it's back" })).toBeVisible();

      // Saved to the wishlist, the sold-out pack offers the packs that sell.
      await page.getByRole('button', { name: 'Save Kashmiri Chili Powder to wishlist' }).click();
      await expect(
        page.getByRole('button', { name: 'Save Kashmiri Chili Powder to wishlist' }),
      ).toHaveAttribute('aria-pressed', 'true');
      await page.goto('/wishlist');
      const saved = page.getByRole('listitem').filter({ hasText: 'Kashmiri Chili Powder (100 g)' });
      await expect(saved.getByText('Out of Stock')).toBeVisible();
      await expect(saved.getByRole('button', { name: 'Add to Cart', exact: true })).toBeDisabled();
      await expect(
        saved.getByRole('button', { name: /^Add Kashmiri Chili Powder \(\d+ g\) to cart$/ }),
      ).toHaveText(['250 g · $14.00', '500 g · $26.00']);
      await saved.getByRole('button', { name: 'Add Kashmiri Chili Powder (250 g) to cart' }).click();
      await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toBeVisible();
      const cart = (await readStorage<{ id: string; quantity: number }[]>(page, 'cart')) ?? [];
      expect(cart.map((line) => [line.id, line.quantity])).toEqual([['kashmiri-chili-powder:250 g', 1]]);
    });

    test('the quantity, the mini-cart and the cart stop at the count, and say so', async ({ page }) => {
      await merchant('stock', 'set', 'ground-ginger', '250 g', '2');
      await page.goto('/products/ground-ginger');
      // Its 100 g is sold out by its Markdown: the page opens on the counted 250 g.
      await expect(packChoice(page, '250 g')).toBeChecked();
      const more = page.getByRole('button', { name: 'One more' });
      await more.click();
      await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
      await expect(more).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByText('2 is the most we have')).toBeVisible();

      await page.getByRole('button', { name: 'Add to Cart' }).click();
      const miniCart = page.getByRole('dialog', { name: 'Added to your cart' });
      await expect(miniCart.getByText('2 x $13.00')).toBeVisible();
      await expect(miniCart.getByText('2 is the most we have')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(miniCart).toBeHidden();
      // Asked for more, the line keeps the two there are.
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(miniCart.getByText('2 x $13.00')).toBeVisible();
      const lines = (await readStorage<{ id: string; quantity: number }[]>(page, 'cart')) ?? [];
      expect(lines.map((line) => [line.id, line.quantity])).toEqual([['ground-ginger:250 g', 2]]);

      await page.goto('/cart');
      const line = page.getByRole('listitem').filter({ hasText: 'Ground Ginger (250 g)' });
      await expect(line.getByText('2 is the most we have')).toBeVisible();
      const increase = line.getByRole('button', { name: 'Increase quantity' });
      await expect(increase).toHaveAttribute('aria-disabled', 'true');
      await increase.click({ force: true });
      await expect(line.getByRole('status', { name: 'Quantity of Ground Ginger (250 g)' })).toHaveText('2');
      await line.getByRole('button', { name: 'Decrease quantity' }).click();
      await expect(line.getByRole('status', { name: 'Quantity of Ground Ginger (250 g)' })).toHaveText('1');
      await expect(line.getByText('2 is the most we have')).toHaveCount(0);
    });
  });
}

import { test, expect } from './fixtures.ts';

// With JavaScript off, a page whose island needs it says so in one line where the island would
// be, and shows neither a skeleton that never resolves nor buttons that cannot work.

test.use({ javaScriptEnabled: false });

const PAGES = [
  { path: '/cart', room: true, line: 'Your cart needs JavaScript, which is off in this browser.' },
  { path: '/wishlist', room: true, line: 'Your wishlist needs JavaScript, which is off in this browser.' },
  { path: '/checkout', room: true, line: 'Checkout needs JavaScript, which is off in this browser.' },
  { path: '/profile', room: true, line: 'Your profile needs JavaScript, which is off in this browser.' },
  { path: '/my-orders', room: true, line: 'My Orders needs JavaScript, which is off in this browser.' },
  {
    path: '/track-order',
    room: true,
    line: 'Order tracking needs JavaScript, which is off in this browser.',
  },
  { path: '/auth', line: 'Signing in needs JavaScript, which is off in this browser.' },
  { path: '/contact', line: 'This form needs JavaScript, which is off in this browser.' },
  { path: '/', line: 'Signing up needs JavaScript, which is off in this browser.' },
];

for (const { path, line, room } of PAGES) {
  test(`${path} says in one line that it needs JavaScript, and shows no skeleton or dead form`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByText(line)).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    await expect(page.getByRole('status', { name: /^Loading/ })).toBeHidden();
    for (const name of ['Send OTP', 'Send Message', 'Subscribe', 'Track', 'Place Order']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeHidden();
    }
    if (!room) return;
    // The room kept for the island is no screen's height: the footer follows the line closely.
    const note = await page.getByText(line).boundingBox();
    const footer = await page.getByRole('contentinfo').boundingBox();
    expect(note && footer && footer.y - (note.y + note.height)).toBeLessThan(320);
  });
}

test('a product page keeps its facts and prices, and shows no buttons that cannot work', async ({ page }) => {
  await page.goto('/products/kashmiri-saffron');
  await expect(page.getByRole('heading', { level: 1, name: 'Kashmiri Saffron' })).toBeVisible();
  await expect(
    page.getByText('Adding to your cart needs JavaScript, which is off in this browser.'),
  ).toBeVisible();
  for (const name of ['Add to Cart', 'Buy Now', 'One more']) {
    await expect(page.getByRole('button', { name })).toBeHidden();
  }
  await expect(page.getByRole('button', { name: /wishlist/i })).toHaveCount(0);
  await expect(page.getByText(/\$\d+\.\d\d/).first()).toBeVisible();
});

test('with JavaScript on, none of these lines shows', async ({ browser }) => {
  const page = await browser.newPage({ javaScriptEnabled: true });
  for (const path of ['/cart', '/products/kashmiri-saffron']) {
    await page.goto(path);
    await expect(page.getByText(/needs JavaScript/)).toBeHidden();
  }
  await page.close();
});

test('the catalogue works without JavaScript and hides only the wishlist hearts', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByText(/needs JavaScript/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Kashmiri Saffron/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /to wishlist/i })).toHaveCount(0);
  await page.getByRole('searchbox').first().fill('cumin');
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('cumin');
});

import type { Page } from '@playwright/test';
import { freshPhone, saveAddress, signIn } from './account.ts';
import { CART } from './account-data.ts';
import { hydrated } from './catalogue.helpers.ts';
import {
  expect,
  holdRequests,
  openHydrated,
  scrollIntoStyledView,
  seedStorage,
  test,
  toastNamed,
} from './fixtures.ts';
import { deliveredBuyer } from './reviews.ts';
import { PIXEL } from '../support/shopData.ts';

/** A one-pixel PNG. */
const DOT_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

// Keyboard and screen-reader shoppers keep their place: a control that is busy or at a limit
// keeps the focus (aria-disabled, never `disabled`, which drops it to the page's body), and
// whatever replaces a removed or closed thing takes the focus it had.

/** Gives `target` the focus, as Tab would, and acts on it with `key`. */
async function press(target: ReturnType<Page['locator']>, key = 'Enter'): Promise<void> {
  await target.focus();
  await expect(target).toBeFocused();
  await target.page().keyboard.press(key);
}

test.describe('a busy control keeps the focus', () => {
  test('One less stays focused at the smallest quantity, and does nothing there', async ({ page }) => {
    await page.goto('/products/kashmiri-saffron');
    await hydrated(page, 'ProductPurchase');
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await press(page.getByRole('button', { name: 'One more' }));
    await expect(quantity).toHaveValue('2');
    const oneLess = page.getByRole('button', { name: 'One less' });
    await press(oneLess);
    await expect(quantity).toHaveValue('1');
    await expect(oneLess).toBeFocused();
    await expect(oneLess).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Enter');
    await expect(quantity).toHaveValue('1');
  });

  test('Verify OTP keeps the focus while a wrong code is checked', async ({ page }) => {
    await openHydrated(page, '/auth');
    await page.getByLabel('Phone number').fill(freshPhone());
    await page.keyboard.press('Enter');
    const code = page.getByLabel('Six-digit code');
    await expect(code).toBeFocused();
    await page.keyboard.type('000000');
    await page.keyboard.press('Tab');
    const verify = page.getByRole('button', { name: 'Verify OTP' });
    await expect(verify).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toastNamed(page, 'Invalid OTP')).toBeVisible();
    await expect(verify).toBeFocused();
  });

  test('after Resend code gives way to the countdown, the code field has the focus', async ({ page }) => {
    await page.clock.install();
    await openHydrated(page, '/auth');
    await page.getByLabel('Phone number').fill(freshPhone());
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Resend code in \d+ s$/)).toBeVisible();
    await page.clock.fastForward(61_000);
    await press(page.getByRole('button', { name: 'Resend code' }));
    await expect(page.getByText(/^Resend code in \d+ s$/)).toBeVisible();
    await expect(page.getByLabel('Six-digit code')).toBeFocused();
  });

  test('Contact Send Message keeps the focus while it sends', async ({ page }) => {
    await openHydrated(page, '/contact');
    await page.getByLabel('Name', { exact: true }).fill('Asha Rao');
    await page.getByLabel('Email', { exact: true }).fill('asha@example.com');
    await page.getByLabel('Message', { exact: true }).fill('Is the saffron from this year?');
    const release = await holdRequests(page, '**/api/v1/contact/create');
    await press(page.getByRole('button', { name: 'Send Message' }));
    const sending = page.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeFocused();
    await expect(sending).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Enter');
    release();
    await expect(toastNamed(page, 'Message sent!')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused();
  });

  test('newsletter Subscribe keeps the focus while it sends', async ({ page }) => {
    await page.goto('/');
    const email = page.getByRole('textbox', { name: 'Email address' });
    await scrollIntoStyledView(email);
    await hydrated(page, 'NewsletterForm');
    await email.fill('asha@example.com');
    const release = await holdRequests(page, '**/api/v1/newsletter');
    await press(page.getByRole('button', { name: 'Subscribe' }));
    await expect(page.getByRole('button', { name: 'Subscribing...' })).toBeFocused();
    release();
    await expect(toastNamed(page, 'Subscribed!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeFocused();
  });

  test.describe('on the profile', () => {
    test.beforeEach(async ({ page }) => {
      await signIn(page, { name: 'Asha Rao' });
      await openHydrated(page, '/profile');
    });

    test('Save Changes keeps the focus while it saves', async ({ page }) => {
      const release = await holdRequests(page, '**/api/v1/account');
      const save = page.getByRole('button', { name: 'Save Changes' });
      await press(save);
      await expect(save).toHaveAttribute('aria-busy', 'true');
      await expect(save).toBeFocused();
      await expect(save).toHaveAttribute('aria-disabled', 'true');
      release();
      await expect(toastNamed(page, 'Profile updated successfully!')).toBeVisible();
      await expect(save).toBeFocused();
    });

    test('the photo upload keeps the focus while the picture is scaled', async ({ page }) => {
      const upload = page.locator('input[type="file"]');
      await upload.focus();
      await upload.setInputFiles({
        name: 'dot.png',
        mimeType: 'image/png',
        buffer: Buffer.from(DOT_PNG, 'base64'),
      });
      await expect(page.getByText('New photo ready: Save Changes to keep it.')).toBeVisible();
      await expect(upload).toBeFocused();
    });

    test('an order news switch keeps the focus while it saves, and ignores Space until then', async ({
      page,
    }) => {
      const bySms = page.getByRole('switch', { name: /Order news by text/ });
      await expect(bySms).toBeChecked();
      const release = await holdRequests(page, '**/api/v1/account');
      await press(bySms, 'Space');
      await expect(bySms).not.toBeChecked();
      await expect(bySms).toHaveAttribute('aria-disabled', 'true');
      await expect(bySms).toBeFocused();
      await page.keyboard.press('Space');
      await expect(bySms).not.toBeChecked();
      release();
      await expect(toastNamed(page, 'Order news turned off')).toBeVisible();
      await expect(bySms).toBeFocused();
      await page.keyboard.press('Space');
      await expect(bySms).toBeChecked();
      await expect(toastNamed(page, 'Order news turned on')).toBeVisible();
    });
  });
});

test.describe('what replaces a removed or closed thing takes the focus', () => {
  test('in the cart: the list heading, then the empty state, and Undo the restored line', async ({
    page,
  }) => {
    const [saffron, pepper] = CART;
    if (!saffron || !pepper) throw new Error('CART has two lines');
    await seedStorage(page, { cart: [{ ...saffron, quantity: 1 }, pepper] });
    await openHydrated(page, '/cart');
    const line = (name: string) => page.getByRole('listitem', { name });
    await press(line(saffron.name).getByRole('button', { name: 'Decrease quantity' }));
    await expect(page.getByRole('heading', { name: 'Items in your cart' })).toBeFocused();
    await press(page.getByRole('button', { name: `Remove ${pepper.name}` }));
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeFocused();
    const removed = toastNamed(page, 'Removed from cart').filter({ hasText: pepper.name });
    await press(removed.getByRole('button', { name: 'Undo' }));
    await expect(line(pepper.name)).toBeFocused();
  });

  test('in the wishlist: the next card, else the one before, else the empty state', async ({ page }) => {
    const saved = (productId: string, pack: string, title: string, price: number) => ({
      id: `${productId}:${pack}`,
      productId,
      pack,
      name: `${title} (${pack})`,
      price,
      image: PIXEL,
    });
    const first = saved('kashmiri-saffron', '1 g', 'Kashmiri Saffron', 14);
    const second = saved('tellicherry-black-pepper', '100 g', 'Tellicherry Black Pepper', 8.5);
    const third = saved('green-cardamom', '100 g', 'Green Cardamom', 8.1);
    await seedStorage(page, { wishlist: [first, second, third] });
    await openHydrated(page, '/wishlist');
    const card = (name: string) => page.getByRole('listitem', { name });
    await press(page.getByRole('button', { name: `Remove ${second.name}` }));
    await expect(card(third.name)).toBeFocused();
    await press(page.getByRole('button', { name: `Remove ${third.name}` }));
    await expect(card(first.name)).toBeFocused();
    await press(page.getByRole('button', { name: `Remove ${first.name}` }));
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeFocused();
  });

  test('in Saved Addresses: the next address, else the empty line; Cancel gives it back to Add Address', async ({
    page,
  }) => {
    const user = await signIn(page, { name: 'Asha Rao' });
    const street = { street: '214 Spice Mill Lane', city: 'San Francisco' };
    await saveAddress(page, user, { label: 'Home', name: 'Asha Rao', ...street });
    await saveAddress(page, user, { label: 'Office', name: 'Asha Rao', ...street });
    await openHydrated(page, '/profile');
    const book = page.getByRole('region', { name: 'Saved Addresses' });
    await press(book.getByRole('button', { name: 'Delete address Home' }));
    await expect(book.getByRole('listitem').filter({ hasText: 'Office' })).toBeFocused();
    await press(book.getByRole('button', { name: 'Delete address Office' }));
    await expect(book.getByText('No saved addresses yet. Click "Add Address" to add one.')).toBeFocused();

    const add = book.getByRole('button', { name: 'Add Address' });
    await press(add);
    await expect(book.getByLabel('Label')).toBeFocused();
    await press(book.getByRole('button', { name: 'Cancel' }));
    await expect(book.getByLabel('Label')).toBeHidden();
    await expect(add).toBeFocused();
  });

  test('a review form closes onto Write a review when cancelled, onto the review when sent; Delete onto Write', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await deliveredBuyer(page, 'kasuri-methi', '100 g', 'Lena Fischer');
    await page.goto('/products/kasuri-methi');
    const reviews = page.locator('#reviews');
    await scrollIntoStyledView(reviews);
    const write = reviews.getByRole('button', { name: 'Write a review' });
    await press(write);
    await press(reviews.getByRole('button', { name: 'Cancel' }));
    await expect(write).toBeFocused();
    await press(write);
    await press(reviews.getByRole('radio', { name: '5 stars' }), 'Space');
    await press(reviews.getByRole('button', { name: 'Submit review' }));
    await expect(reviews.getByRole('heading', { name: 'Your review', exact: true })).toBeFocused();
    await press(reviews.getByRole('button', { name: 'Delete review' }));
    await expect(write).toBeFocused();
  });
});

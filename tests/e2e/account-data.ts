import type { Page } from '@playwright/test';
import {} from './fixtures.ts';
import { SHOPPER } from '../support/shopData.ts';

/**
 * Two cart lines in the stored `cart` shape (product and pack, and the spec's id `<slug>:<pack>`)
 * at the catalogue's prices, so the shop takes an order of them as it is. Total $36.50.
 */
export const CART = [
  {
    id: 'kashmiri-saffron:1 g',
    productId: 'kashmiri-saffron',
    pack: '1 g',
    name: 'Kashmiri Saffron (1 g)',
    price: 14,
    image: '/favicon.svg',
    quantity: 2,
  },
  {
    id: 'tellicherry-black-pepper:100 g',
    productId: 'tellicherry-black-pepper',
    pack: '100 g',
    name: 'Tellicherry Black Pepper (100 g)',
    price: 8.5,
    image: '/favicon.svg',
    quantity: 1,
  },
];

export const HOME = {
  id: '1730000000100',
  label: 'Home',
  name: 'Asha Rao',
  street: '214 Spice Mill Lane',
  city: 'San Francisco',
  state: 'CA',
  zip: '94107',
  country: 'United States',
  phone: '+1 415 555 0100',
};

/** An order in the `orders` shape, placed by SHOPPER unless told otherwise. */
export function order(id: string, status: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    date: '10/30/2025',
    total: 12.5,
    status,
    items: [{ name: 'Kashmiri Saffron (1 g)', quantity: 1, price: 12.5 }],
    address: HOME,
    userId: SHOPPER.id,
    ...overrides,
  };
}

/**
 * How far anything in the page's main content reaches past its right edge, in whole pixels: 0
 * when everything wraps. Measured per element, so text clipped by a card still counts.
 */
export function mainOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return Number.NaN;
    const edge = main.getBoundingClientRect().right;
    const rights = [...main.querySelectorAll('*')].map((element) => element.getBoundingClientRect().right);
    return Math.max(0, Math.ceil(Math.max(...rights) - edge));
  });
}

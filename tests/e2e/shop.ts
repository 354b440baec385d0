import type { Page } from '@playwright/test';
import {
  catalogueSample,
  resolvePath,
  seedSignedIn,
  signInShopper,
  type SeedProduct,
  type SignedInShopper,
} from '../../scripts/shop-pages.mjs';
import { freshPhone } from './account.ts';

let sample: Promise<SeedProduct[]> | undefined;

/** Two products of the built catalogue (asked of the product API once per worker). */
function catalogue(baseURL: string): Promise<SeedProduct[]> {
  sample ??= catalogueSample(baseURL);
  return sample;
}

/**
 * Signs a new shopper in for real (the session cookie in the page's browser), with a cart, a
 * wishlist, an order and a saved address.
 */
export async function seedShopper(page: Page, baseURL: string): Promise<SignedInShopper> {
  const shopper = await signInShopper(baseURL, await catalogue(baseURL), freshPhone());
  await seedSignedIn(page.context(), page, baseURL, shopper);
  return shopper;
}

/** A route's real path: `:product` becomes a product in stock, `:order` the given order. */
export async function realPath(path: string, baseURL: string, order?: string): Promise<string> {
  const [product] = await catalogue(baseURL);
  if (!product) throw new Error('the product API lists no product in stock');
  return resolvePath(path, { product: product.id, ...(order ? { order } : {}) });
}

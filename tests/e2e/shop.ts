import type { Page } from '@playwright/test';
import { catalogueSample, resolvePath, shopperStorage, type SeedProduct } from '../../scripts/shop-pages.mjs';
import { seedStorage } from './fixtures';

let sample: Promise<SeedProduct[]> | undefined;

/** Two products of the built catalogue (asked of the product API once per worker). */
function catalogue(baseURL: string): Promise<SeedProduct[]> {
  sample ??= catalogueSample(baseURL);
  return sample;
}

/** Signs the seeded shopper in, with a cart, a wishlist, an order and a saved address. */
export async function seedShopper(page: Page, baseURL: string): Promise<void> {
  await seedStorage(page, shopperStorage(await catalogue(baseURL)));
}

/** A route's real path: `:product` becomes a product in stock, `:order` the seeded order. */
export async function realPath(path: string, baseURL: string): Promise<string> {
  const [product] = await catalogue(baseURL);
  if (!product) throw new Error('the product API lists no product in stock');
  return resolvePath(path, { product: product.id });
}

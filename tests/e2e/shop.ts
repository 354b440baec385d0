import type { Page } from '@playwright/test';
import { catalogueSample, resolvePath, shopperStorage, type SeedProduct } from '../../scripts/shop-pages.mjs';
import { seedStorage } from './fixtures';

let sample: Promise<SeedProduct[]> | undefined;

/** Two products of the built catalogue (asked of the product API once per worker). */
export function catalogue(baseURL: string): Promise<SeedProduct[]> {
  sample ??= catalogueSample(baseURL);
  return sample;
}

/** Signs the seeded shopper in, with a cart, a wishlist, an order and a saved address. */
export async function seedShopper(page: Page, baseURL: string): Promise<void> {
  await seedStorage(page, shopperStorage(await catalogue(baseURL)));
}

/** A route's real path, or undefined when it needs a product and the catalogue is empty. */
export async function realPath(path: string, baseURL: string): Promise<string | undefined> {
  const [product] = await catalogue(baseURL);
  if (path.includes(':product') && !product) return undefined;
  return resolvePath(path, { product: product?.id ?? '' });
}

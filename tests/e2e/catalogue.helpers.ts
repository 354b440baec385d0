import type { APIRequestContext, Page } from '@playwright/test';
import type { ApiProduct } from '../support/shopData.ts';
import { expect } from './fixtures.ts';

export async function apiProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const response = await request.get('/api/v1/product');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { success: boolean; products: ApiProduct[] };
  expect(body.success).toBe(true);
  return body.products;
}

/** Waits until the React island whose component file is `name` has hydrated. */
export async function hydrated(page: Page, name: string): Promise<void> {
  const island = page.locator(`astro-island[component-url*="/${name}."]`).first();
  await expect(island).toBeAttached();
  await shopperActs(page);
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}

/**
 * Stands for the shopper's first act (a scroll), which hydrates the islands that wait for one
 * (`client:interaction`, the catalogue's among them).
 */
async function shopperActs(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
}

/** `$1,234.50` for 1234.5, as the shop formats money. */
export function money(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}

/** The files a `srcset` offers, without their widths. */
export function srcsetFiles(srcset: string): string[] {
  return srcset.split(',').map((entry) => entry.trim().split(/\s+/)[0] ?? '');
}

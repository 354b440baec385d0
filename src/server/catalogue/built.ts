import { readFileSync } from 'node:fs';
import type { Catalogue, CatalogueProduct } from './load.ts';

/**
 * The product list the build wrote: what the server sells, as `GET /api/v1/product` answers it.
 * The merchant's commands run outside Astro, so they read the catalogue from it.
 */
export const BUILT_CATALOGUE = 'dist/client/api/v1/product';

/** The built catalogue by product id, in its order, or undefined before the first `npm run build`. */
export function builtCatalogue(): Catalogue | undefined {
  try {
    const { products } = JSON.parse(readFileSync(BUILT_CATALOGUE, 'utf8')) as {
      products: CatalogueProduct[];
    };
    return new Map(products.map((product) => [product._id, product]));
  } catch {
    return undefined;
  }
}

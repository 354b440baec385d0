import { readFileSync } from 'node:fs';
import type { Catalogue, CatalogueProduct } from './load.ts';

/**
 * What the build says the shop sells (src/pages/build-tables/products.json.ts). The merchant's
 * commands run outside Astro, so they read the catalogue from it.
 */
export const BUILT_CATALOGUE = 'dist/build-tables/products.json';

/** The built catalogue by product id, in its order, or undefined before the first `npm run build`. */
export function builtCatalogue(): Catalogue | undefined {
  try {
    const products = JSON.parse(readFileSync(BUILT_CATALOGUE, 'utf8')) as CatalogueProduct[];
    return new Map(products.map((product) => [product._id, product]));
  } catch {
    return undefined;
  }
}

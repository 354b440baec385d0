import { ALL_PRODUCTS, categoryCounts, CATEGORY_FILTERS, type CategoryFilter } from './categories.ts';
import type { CatalogueItem } from './catalogueIndex.ts';
import { ALL_OF_CATALOGUE, catalogueUrl } from './catalogueQuery.ts';
import { findProducts } from './search.ts';

/** How many products the top bar suggests while the shopper types. */
const SUGGESTED_PRODUCTS = 6;

export interface Suggestions {
  products: CatalogueItem[];
  /** The categories the search finds products in, each with its count and the search within it. */
  categories: { category: CategoryFilter; count: number; href: string }[];
}

/** What the top bar suggests for `text`: the catalogue's best matches, and their categories. */
export function suggest(items: readonly CatalogueItem[], text: string): Suggestions {
  if (!text.trim()) return { products: [], categories: [] };
  const found = findProducts(items, { ...ALL_OF_CATALOGUE, query: text });
  const counts = categoryCounts(found);
  return {
    products: found.slice(0, SUGGESTED_PRODUCTS),
    categories: CATEGORY_FILTERS.filter((category) => category !== ALL_PRODUCTS && counts[category] > 0).map(
      (category) => ({ category, count: counts[category], href: catalogueUrl({ query: text, category }) }),
    ),
  };
}

/** The five product categories, in the order the catalogue's filter shows them. */
export const CATEGORIES = ['Spices', 'Herbs', 'Seeds', 'Blends', 'Powders'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The catalogue filter's first button; it stands for every category. */
export const ALL_PRODUCTS = 'All Products';
export type CategoryFilter = typeof ALL_PRODUCTS | Category;
/** The filter buttons of `/products`: All Products, then the categories in menu order. */
export const CATEGORY_FILTERS: readonly CategoryFilter[] = [ALL_PRODUCTS, ...CATEGORIES];

/** The category a `?category=` value names (any letter case); anything else means All Products. */
export function parseCategory(value: string | null | undefined): CategoryFilter {
  const wanted = (value ?? '').trim().toLowerCase();
  return CATEGORY_FILTERS.find((category) => category.toLowerCase() === wanted) ?? ALL_PRODUCTS;
}

/** The number of products per filter button, All Products included. */
export function categoryCounts(products: readonly { variety: string }[]): Record<CategoryFilter, number> {
  const counts = Object.fromEntries(CATEGORY_FILTERS.map((category) => [category, 0])) as Record<
    CategoryFilter,
    number
  >;
  for (const product of products) {
    counts[ALL_PRODUCTS] += 1;
    const category = parseCategory(product.variety);
    if (category !== ALL_PRODUCTS) counts[category] += 1;
  }
  return counts;
}

import { ALL_PRODUCTS, parseCategory, type CategoryFilter } from './categories.ts';

/** The catalogue's sort orders, in the order the menu lists them; the first is the default. */
export const SORT_ORDERS = [
  { value: 'featured', label: 'Featured' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'newest', label: 'Newest' },
  { value: 'rating', label: 'Rating' },
  { value: 'name', label: 'Name' },
] as const;
export type SortOrder = (typeof SORT_ORDERS)[number]['value'];
export const DEFAULT_SORT: SortOrder = 'featured';

/** Everything a catalogue address says: search text, category, sort, stock switch and page. */
export interface CatalogueQuery {
  query: string;
  category: CategoryFilter;
  sort: SortOrder;
  inStockOnly: boolean;
  page: number;
}

export const ALL_OF_CATALOGUE: CatalogueQuery = {
  query: '',
  category: ALL_PRODUCTS,
  sort: DEFAULT_SORT,
  inStockOnly: false,
  page: 1,
};

/** True when the query lists the whole catalogue in its default order: its pages are prerendered. */
export function isWholeCatalogue(query: CatalogueQuery): boolean {
  return (
    !query.query.trim() &&
    query.category === ALL_PRODUCTS &&
    query.sort === DEFAULT_SORT &&
    !query.inStockOnly
  );
}

const PAGE_PATH = /^\/products\/page\/(\d+)\/?$/;

/** The query an address of the catalogue names: `/products?q=…&category=…&sort=…&stock=in&page=N` or `/products/page/N`. */
export function queryFromUrl(url: URL): CatalogueQuery {
  const params = url.searchParams;
  const sort = SORT_ORDERS.find((order) => order.value === params.get('sort'))?.value ?? DEFAULT_SORT;
  const page = Number(PAGE_PATH.exec(url.pathname)?.[1] ?? params.get('page') ?? 1);
  return {
    query: params.get('q') ?? '',
    category: parseCategory(params.get('category')),
    sort,
    inStockOnly: params.get('stock') === 'in',
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** The address of a catalogue query: the prerendered pages for the whole catalogue, else search parameters. */
export function catalogueUrl(query: Partial<CatalogueQuery>): string {
  const full = { ...ALL_OF_CATALOGUE, ...query };
  if (isWholeCatalogue(full)) return full.page > 1 ? `/products/page/${full.page}` : '/products';
  const params = new URLSearchParams();
  // A search of spaces is no search: it is left out, as the whole catalogue leaves it out.
  if (full.query.trim()) params.set('q', full.query);
  if (full.category !== ALL_PRODUCTS) params.set('category', full.category);
  if (full.sort !== DEFAULT_SORT) params.set('sort', full.sort);
  if (full.inStockOnly) params.set('stock', 'in');
  if (full.page > 1) params.set('page', String(full.page));
  return `/products?${params.toString()}`;
}

const resultsFor = (query: Pick<CatalogueQuery, 'query'>) => {
  const text = query.query.trim();
  return text ? `Results for '${text}'` : undefined;
};

/** The catalogue's heading: what was searched, else the category's name when one is chosen. */
export function catalogueHeading(query: Pick<CatalogueQuery, 'category' | 'query'>): string {
  return resultsFor(query) ?? (query.category === ALL_PRODUCTS ? 'Our Products' : query.category);
}

/** The catalogue's `<title>` (before the shop's name): the search or the category, and the page after the first. */
export function catalogueTitle(query: Pick<CatalogueQuery, 'category' | 'page' | 'query'>): string {
  const what = resultsFor(query) ?? (query.category === ALL_PRODUCTS ? 'All Products' : query.category);
  return query.page > 1 ? `${what}, page ${query.page}` : what;
}

/** A filter a query applies (not the search or the sort), and what takes it away. */
export interface AppliedFilter {
  label: string;
  without: Partial<CatalogueQuery>;
}

/** The filters a query applies, each with what takes it away: its chip under "Filter & sort". */
export function appliedFilters(query: CatalogueQuery): AppliedFilter[] {
  const applied: AppliedFilter[] = [];
  if (query.category !== ALL_PRODUCTS)
    applied.push({ label: query.category, without: { category: ALL_PRODUCTS } });
  if (query.inStockOnly) applied.push({ label: 'In stock only', without: { inStockOnly: false } });
  return applied;
}

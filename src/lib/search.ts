import { ALL_PRODUCTS, parseCategory, sellingPrice, type CategoryFilter, type PackSize } from './catalogue';
import type { Category } from './categories';

/** Cards per catalogue page, server-rendered and in the island alike. */
export const PAGE_SIZE = 48;

/** The catalogue's sort orders, in the order the menu lists them; the first is the default. */
export const SORT_ORDERS = [
  { value: 'featured', label: 'Featured' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'newest', label: 'Newest' },
  { value: 'name', label: 'Name' },
] as const;
export type SortOrder = (typeof SORT_ORDERS)[number]['value'];
const DEFAULT_SORT: SortOrder = 'featured';

/**
 * One product in the catalogue's compact index: what a card shows and what search reads. The
 * catalogue pages render these, and the island fetches all of them once to search and sort.
 */
export interface CatalogueItem {
  id: string;
  title: string;
  variety: Category;
  origin: string;
  aliases: string[];
  ingredients: string[];
  tags: string[];
  inStock: boolean;
  featured: boolean;
  bestSeller: boolean;
  /** The day it joined the shop, `YYYY-MM-DD`. */
  added: string;
  offer?: number;
  /** The first pack size: the one the card shows and adds to the wishlist. */
  pack: PackSize;
  image: { src: string; srcset: string; width: number; height: number; alt: string };
  /** The small picture of a cart or wishlist line. */
  thumb: string;
}

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

/** Text as search compares it: lower case, without accents or apostrophes ("Pimentón" = "pimenton"). */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’`]/g, '');
}

interface SearchText {
  title: string;
  aliases: string;
  everything: string;
}

const searchTexts = new WeakMap<CatalogueItem, SearchText>();

/** An item's searchable text, worked out once per item. */
function searchTextOf(item: CatalogueItem): SearchText {
  let text = searchTexts.get(item);
  if (!text) {
    const title = searchable(item.title);
    const aliases = searchable(item.aliases.join('\n'));
    const rest = searchable([...item.ingredients, ...item.tags, item.origin, item.variety].join('\n'));
    text = { title, aliases, everything: `${title}\n${aliases}\n${rest}` };
    searchTexts.set(item, text);
  }
  return text;
}

/**
 * How well `item` matches the search text `needle` (already `searchable`): 0 for the title, 1
 * for another name, 2 when every word is somewhere in its title, names, ingredients, tags, origin
 * or category; undefined for no match. Every title that contains the text matches.
 */
function matchRank(item: CatalogueItem, needle: string): number | undefined {
  if (!needle) return 0;
  const text = searchTextOf(item);
  if (text.title.includes(needle)) return 0;
  if (text.aliases.includes(needle)) return 1;
  return needle.split(/\s+/).every((word) => text.everything.includes(word)) ? 2 : undefined;
}

const priceOf = (item: CatalogueItem) => sellingPrice(item.pack);
/** Featured products first, then best sellers, then the rest. */
const prominence = (item: CatalogueItem) => (item.featured ? 0 : item.bestSeller ? 1 : 2);

/** Each order as a number per item, smallest first: a sort then only subtracts numbers. */
const SORT_KEY: Record<SortOrder, (item: CatalogueItem) => number> = {
  featured: prominence,
  'price-asc': priceOf,
  'price-desc': (item) => -priceOf(item),
  newest: (item) => -Number(item.added.replaceAll('-', '')) || 0,
  name: () => 0,
};

const titleOrders = new WeakMap<readonly CatalogueItem[], Map<CatalogueItem, number>>();

/**
 * Each item's place in `items` sorted by title, worked out once per list: ties in any order fall
 * back to it, without a locale comparison in every step of every sort (a keystroke at 2,400
 * products sorts them all).
 */
function titleOrder(items: readonly CatalogueItem[]): Map<CatalogueItem, number> {
  let order = titleOrders.get(items);
  if (!order) {
    const collator = new Intl.Collator('en');
    const sorted = [...items].sort((a, b) => collator.compare(a.title, b.title));
    order = new Map(sorted.map((item, place) => [item, place]));
    titleOrders.set(items, order);
  }
  return order;
}

/**
 * The items a query finds, in its order. Searching in the default order lists the best matches
 * first (titles, then other names, then the rest); a chosen order wins over how well they match.
 */
export function findProducts(items: readonly CatalogueItem[], query: CatalogueQuery): CatalogueItem[] {
  const needle = searchable(query.query.trim());
  const sortKey = SORT_KEY[query.sort];
  const relevanceFirst = query.sort === DEFAULT_SORT;
  const byTitle = titleOrder(items);
  const found: { item: CatalogueItem; first: number; key: number; rank: number; title: number }[] = [];
  for (const item of items) {
    if (query.category !== ALL_PRODUCTS && item.variety !== query.category) continue;
    if (query.inStockOnly && !item.inStock) continue;
    const rank = matchRank(item, needle);
    if (rank === undefined) continue;
    const first = relevanceFirst ? rank : 0;
    found.push({ item, first, key: sortKey(item), rank, title: byTitle.get(item) ?? 0 });
  }
  found.sort((a, b) => a.first - b.first || a.key - b.key || a.rank - b.rank || a.title - b.title);
  return found.map(({ item }) => item);
}

export interface CataloguePage {
  items: CatalogueItem[];
  /** The page shown: the one asked for, within 1 and `pageCount`. */
  page: number;
  pageCount: number;
  total: number;
}

/** One page of `found`; a page past the end shows the last one. */
export function pageOf(found: readonly CatalogueItem[], page: number, size = PAGE_SIZE): CataloguePage {
  const pageCount = Math.max(1, Math.ceil(found.length / size));
  const shown = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  return {
    items: found.slice((shown - 1) * size, shown * size),
    page: shown,
    pageCount,
    total: found.length,
  };
}

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

/** The catalogue's heading: the category's name when one is chosen. */
export function catalogueHeading(query: Pick<CatalogueQuery, 'category'>): string {
  return query.category === ALL_PRODUCTS ? 'Our Products' : query.category;
}

/** The catalogue's `<title>` (before the shop's name): the category, and the page after the first. */
export function catalogueTitle(query: Pick<CatalogueQuery, 'category' | 'page'>): string {
  const what = query.category === ALL_PRODUCTS ? 'All Products' : query.category;
  return query.page > 1 ? `${what}, page ${query.page}` : what;
}

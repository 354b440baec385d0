import { ALL_PRODUCTS, categoryCounts, type CategoryFilter } from './categories.ts';
import type { CatalogueItem } from './catalogueIndex.ts';
import { DEFAULT_SORT, type CatalogueQuery, type SortOrder } from './catalogueQuery.ts';
import { sellingPrice } from './packPrices.ts';
import { sellsToday } from './productToday.ts';
import type { ProductRatings } from './reviews.ts';
import { matchRanks, RANKS, searchTextOf } from './searchMatch.ts';
import { noResultsHelp, type NoResultsHelp } from './searchCorrection.ts';

/** Cards per catalogue page, server-rendered and in the island alike. */
export const PAGE_SIZE = 48;

const priceOf = (item: CatalogueItem) => sellingPrice(item.pack);
/** Featured products first, then best sellers, then the rest. */
const prominence = (item: CatalogueItem) => (item.featured ? 0 : item.bestSeller ? 1 : 2);

/** Highest average first, then the most reviewed; products without an approved review last. */
const ratingOf = (item: CatalogueItem, ratings: ProductRatings) => {
  const rating = ratings[item.id];
  return rating ? -(rating.average * 1_000_000 + rating.count) : 0;
};

/** Each order as a number per item, smallest first: a sort then only subtracts numbers. */
const SORT_KEY: Record<SortOrder, (item: CatalogueItem, ratings: ProductRatings) => number> = {
  featured: prominence,
  'price-asc': priceOf,
  'price-desc': (item) => -priceOf(item),
  newest: (item) => -Number(item.added.replaceAll('-', '')) || 0,
  rating: ratingOf,
  name: () => 0,
};

const titleOrders = new WeakMap<readonly CatalogueItem[], Map<CatalogueItem, number>>();

/**
 * Each item's place in `items` sorted by title, worked out once per list: ties in any order fall
 * back to it, without a locale comparison in every step of every sort.
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

/** An item in a sort order's own order: its place in the list it came from and its sort key. */
interface Sorted {
  item: CatalogueItem;
  place: number;
  key: number;
}

const sortedLists = new WeakMap<
  readonly CatalogueItem[],
  Map<SortOrder, { ratings: ProductRatings; sorted: Sorted[] }>
>();

/**
 * `items` by an order's key, then by title, worked out once per list and order (and summary of
 * ratings, for the Rating order): a keystroke then only picks out what matches, in this order,
 * where sorting what it found took most of a keystroke at 20,000 products.
 */
function sortedBy(items: readonly CatalogueItem[], sort: SortOrder, ratings: ProductRatings): Sorted[] {
  let lists = sortedLists.get(items);
  if (!lists) {
    lists = new Map();
    sortedLists.set(items, lists);
  }
  const kept = lists.get(sort);
  if (kept && (sort !== 'rating' || kept.ratings === ratings)) return kept.sorted;
  const sortKey = SORT_KEY[sort];
  const byTitle = titleOrder(items);
  const sorted = items
    .map((item, place) => ({ item, place, key: sortKey(item, ratings), title: byTitle.get(item) ?? 0 }))
    .sort((a, b) => a.key - b.key || a.title - b.title)
    .map(({ item, place, key }) => ({ item, place, key }));
  lists.set(sort, { ratings, sorted });
  return sorted;
}

/**
 * The items a query finds, in its order, from each item's match rank: by match rank first when
 * searching in the default order, then the order's key, then match rank, then title. Walking the
 * list already in key and title order, each run of one key is put in match-rank order (the whole
 * list is one run when match rank comes first), so nothing is sorted per keystroke.
 */
function orderFound(
  items: readonly CatalogueItem[],
  ranks: readonly (number | undefined)[],
  query: CatalogueQuery,
  ratings: ProductRatings,
): CatalogueItem[] {
  const relevanceFirst = query.sort === DEFAULT_SORT;
  const found: CatalogueItem[] = [];
  const byRank: CatalogueItem[][] = Array.from({ length: RANKS }, () => []);
  const endRun = () => {
    for (const run of byRank) {
      for (const item of run) found.push(item);
      run.length = 0;
    }
  };
  let runKey: number | undefined;
  for (const { item, place, key } of sortedBy(items, query.sort, ratings)) {
    const rank = ranks[place];
    if (rank === undefined) continue;
    if (query.category !== ALL_PRODUCTS && item.variety !== query.category) continue;
    if (query.inStockOnly && !sellsToday(item)) continue;
    if (!relevanceFirst && key !== runKey) {
      endRun();
      runKey = key;
    }
    byRank[rank]?.push(item);
  }
  endRun();
  return found;
}

/**
 * Products per category button for the items the search text matches, whatever their category;
 * with "In stock only", only those that sell today, so a button says what it will show.
 */
const countsOf = (
  items: readonly CatalogueItem[],
  ranks: readonly (number | undefined)[],
  inStockOnly: boolean,
) =>
  categoryCounts(
    items.filter((item, place) => ranks[place] !== undefined && (!inStockOnly || sellsToday(item))),
  );

/**
 * The items a query finds, in its order. Searching in the default order lists the best matches
 * first (titles, then other names, then the rest); a chosen order wins over how well they match.
 * The Rating order reads `ratings` (the approved reviews' summary).
 */
export function findProducts(
  items: readonly CatalogueItem[],
  query: CatalogueQuery,
  ratings: ProductRatings = {},
): CatalogueItem[] {
  return orderFound(items, matchRanks(items, query), query, ratings);
}

/**
 * Products per category button: within the search, when there is one, and the stock switch, so a
 * button says what it will show.
 */
export function searchCounts(
  items: readonly CatalogueItem[],
  query: Pick<CatalogueQuery, 'query' | 'inStockOnly'>,
) {
  return countsOf(items, matchRanks(items, query), query.inStockOnly);
}

export interface CataloguePage<Item = CatalogueItem> {
  items: Item[];
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

/**
 * Works out what every search of `items` reads (each one's search text, the default order) ahead
 * of the first keystroke, which would otherwise pay for it.
 */
export function prepareSearch(items: readonly CatalogueItem[]): void {
  items.forEach(searchTextOf);
  sortedBy(items, DEFAULT_SORT, {});
}

/** One keystroke's answer: the page of what the query finds, and the category buttons' counts. */
export interface CatalogueSearch {
  found: CataloguePage;
  counts: Record<CategoryFilter, number>;
}

/**
 * `pageOf(findProducts(…))` and `searchCounts(…)` at once: each item is matched against the search
 * text once for both, where the two apart would match every item twice.
 */
export function searchCatalogue(
  items: readonly CatalogueItem[],
  query: CatalogueQuery,
  ratings: ProductRatings = {},
): CatalogueSearch {
  const ranks = matchRanks(items, query);
  return {
    found: pageOf(orderFound(items, ranks, query, ratings), query.page),
    counts: countsOf(items, ranks, query.inStockOnly),
  };
}

/** A search and, when it found nothing, what to offer instead. */
export interface AnsweredSearch {
  search: CatalogueSearch;
  help?: NoResultsHelp;
}

/** `searchCatalogue(…)`, with `noResultsHelp(…)` only when nothing was found (it reads every name). */
export function answerSearch(
  items: readonly CatalogueItem[],
  query: CatalogueQuery,
  ratings: ProductRatings = {},
): AnsweredSearch {
  const search = searchCatalogue(items, query, ratings);
  return search.found.total === 0 ? { search, help: noResultsHelp(items, query) } : { search };
}

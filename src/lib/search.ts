import {
  ALL_PRODUCTS,
  categoryCounts,
  parseCategory,
  sellingPrice,
  sellsToday,
  type CategoryFilter,
  type PackSize,
} from './catalogue.ts';
import type { Category } from './categories.ts';
import type { ProductRatings } from './reviews.ts';
import { searchable, withinEdits, wordsOf } from './searchText.ts';

/** Cards per catalogue page, server-rendered and in the island alike. */
export const PAGE_SIZE = 48;

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
  /** Its Markdown `inStock`: how its packs stand until the merchant counts them. */
  inStock: boolean;
  /**
   * Whether one of its packs sells today, as the server last read the stock (the live index and
   * the catalogue's pages rendered on request); absent as built, where `inStock` stands for it.
   */
  available?: boolean;
  featured: boolean;
  bestSeller: boolean;
  /** The day it joined the shop, `YYYY-MM-DD`. */
  added: string;
  offer?: number;
  /**
   * The pack the card prices and adds to the wishlist: the cheapest that sells (as built, by the
   * Markdown; live, by the counts), else the cheapest.
   */
  pack: PackSize;
  /** Every pack's label, in the product's order: the card says which of them are sold out. */
  packs: string[];
  image: { src: string; srcset: string; width: number; height: number; alt: string };
  /** The small picture of a cart or wishlist line. */
  thumb: string;
  /** When the lot on sale was packed, `YYYY-MM-DD` (none without lots). */
  packed?: string;
}

/** What a product card draws: a catalogue item without its search text. */
export type CatalogueCard = Omit<CatalogueItem, 'origin' | 'aliases' | 'ingredients' | 'tags'>;

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

interface SearchText {
  title: string;
  aliases: string;
  everything: string;
  /**
   * The distinct words of the title and other names, then of everything, for words with a typo:
   * as their numbers in `vocabulary`.
   */
  nameWords: number[];
  words: number[];
}

const searchTexts = new WeakMap<CatalogueItem, SearchText>();

/**
 * Every distinct word of the searched items, numbered once: a search remembers which are close to
 * its words by number, where a map from text to answer cost a lookup per word of every product.
 */
const vocabulary: string[] = [];
const wordNumbers = new Map<string, number>();

const wordNumbersOf = (text: string) =>
  wordsOf(text).map((word) => {
    let number = wordNumbers.get(word);
    if (number === undefined) {
      number = vocabulary.push(word) - 1;
      wordNumbers.set(word, number);
    }
    return number;
  });

/** An item's searchable text, worked out once per item. */
function searchTextOf(item: CatalogueItem): SearchText {
  let text = searchTexts.get(item);
  if (!text) {
    const title = searchable(item.title);
    const aliases = searchable(item.aliases.join('\n'));
    const rest = searchable([...item.ingredients, ...item.tags, item.origin, item.variety].join('\n'));
    const everything = `${title}\n${aliases}\n${rest}`;
    text = {
      title,
      aliases,
      everything,
      nameWords: wordNumbersOf(`${title}\n${aliases}`),
      words: wordNumbersOf(everything),
    };
    searchTexts.set(item, text);
  }
  return text;
}

/** The typos a search word may hold: none under 4 letters, one up to 7, two from 8 ("corriandr"). */
const typosAllowed = (word: string) => (word.length < 4 ? 0 : word.length < 8 ? 1 : 2);

/**
 * Whether a search word is, give or take its typos, one of the catalogue's words. Remembered per
 * search for each catalogue word, so a keystroke measures each distinct word once, not once per
 * product that holds it.
 */
function closeWordFinder(word: string): (candidate: number) => boolean {
  const max = typosAllowed(word);
  const known: boolean[] = [];
  return (candidate) => {
    if (max === 0) return false;
    let close = known[candidate];
    if (close === undefined) {
      close = withinEdits(word, vocabulary[candidate] ?? '', max);
      known[candidate] = close;
    }
    return close;
  };
}

/** A search text, split once per search: the whole, and each word with its typo matcher. */
interface Needle {
  text: string;
  words: { word: string; isClose: (candidate: number) => boolean }[];
}

function needleOf(query: string): Needle {
  const text = searchable(query.trim());
  return {
    text,
    words: text
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => ({ word, isClose: closeWordFinder(word) })),
  };
}

/**
 * How well an item (its search text) matches a search with text: 0 for the title, 1 for another name, 2 when every word is
 * somewhere in its title, names, ingredients, tags, origin or category; with typos forgiven, 3
 * when every word is within its typos of a word of its title or names, 4 of any of its words;
 * undefined for no match. Every title that contains the text matches.
 */
function matchRank(text: SearchText, needle: Needle): number | undefined {
  if (text.title.includes(needle.text)) return 0;
  if (text.aliases.includes(needle.text)) return 1;
  const inText = needle.words.map(({ word }) => text.everything.includes(word));
  if (inText.every(Boolean)) return 2;
  const nearly = (words: number[]) =>
    needle.words.every(({ isClose }, place) => inText[place] || words.some(isClose));
  if (nearly(text.nameWords)) return 3;
  return nearly(text.words) ? 4 : undefined;
}

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

/** Each item's match rank for the search text (see `matchRank`), in the order of `items`. */
function matchRanks(items: readonly CatalogueItem[], query: Pick<CatalogueQuery, 'query'>) {
  const needle = needleOf(query.query);
  // No search text: everything matches, as a title.
  if (!needle.text) return items.map(() => 0);
  // Every item's words are numbered before the search's typo matchers first look one up.
  const texts = items.map(searchTextOf);
  return texts.map((text) => matchRank(text, needle));
}

/** Match ranks run from 0 (the title) to 4 (every word within its typos of one of the product's). */
const RANKS = 5;

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

/** How many of `word`'s letters `name` does not hold, each letter counted as often as it comes. */
function lettersLacking(word: string, name: string): number {
  const left = [...name];
  let lacking = 0;
  for (const letter of word) {
    const place = left.indexOf(letter);
    if (place === -1) lacking += 1;
    else left.splice(place, 1);
  }
  return lacking;
}

/**
 * A search with no results, corrected: each word no product holds becomes the nearest word of a
 * product's name (title or other name) within three letters that holds all but one of its
 * letters at most, when there is one ("tumricc" → "turmeric"). A typo moves, doubles or drops a
 * letter; a word of its own ("sugar", "creme") is not a typo of the name it is three letters
 * from ("star", "true"), and gets the best sellers. Undefined when no word could be corrected.
 */
function closeSearch(items: readonly CatalogueItem[], query: string): string | undefined {
  const names = new Set(
    items.flatMap((item) => wordsOf(searchable(`${item.title}\n${item.aliases.join('\n')}`))),
  );
  let corrected = false;
  const words = needleOf(query).words.map(({ word }) => {
    if (word.length < 4 || items.some((item) => searchTextOf(item).everything.includes(word))) return word;
    for (let max = 1; max <= 3; max += 1) {
      const near = [...names].find(
        (name) => name.length >= 4 && withinEdits(word, name, max) && lettersLacking(word, name) <= 1,
      );
      if (near) {
        corrected = true;
        return near;
      }
    }
    return word;
  });
  return corrected ? words.join(' ') : undefined;
}

/** What a search with no results offers instead: a corrected search, else the best sellers. */
export interface NoResultsHelp {
  closeSearch?: string;
  bestSellers: CatalogueItem[];
}

/** Help for a query that found nothing (only worked out then: it reads every product's name). */
export function noResultsHelp(
  items: readonly CatalogueItem[],
  query: Pick<CatalogueQuery, 'query'>,
): NoResultsHelp {
  const close = query.query.trim() ? closeSearch(items, query.query) : undefined;
  if (close) return { closeSearch: close, bestSellers: [] };
  return { bestSellers: items.filter((item) => item.bestSeller) };
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

import { CATEGORIES, type Category } from './categories.ts';
import { readRecipeIndex, type RecipeCard } from './recipes.ts';
import type { PackSize } from './packPrices.ts';

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

/** The catalogue's compact index, with each product's availability (src/pages/products/index.json.ts). */
export const CATALOGUE_INDEX = '/products/index.json';

/** The index as the catalogue reads it; `success: false` covers any malformed answer. */
export interface CatalogueIndex {
  success: boolean;
  products: CatalogueItem[];
  /** The recipes, which search finds too (none in an index written before them). */
  recipes: RecipeCard[];
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string';
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter(isText) : []);
const isCategory = (value: unknown): value is Category => CATEGORIES.some((category) => category === value);

/** One index entry, or undefined when it lacks what a card shows (id, title, category, pack, picture). */
function readItem(value: unknown): CatalogueItem | undefined {
  if (!isObject(value)) return undefined;
  const { id, title, variety, pack, image } = value;
  if (!isText(id) || !isText(title) || !isCategory(variety) || !isObject(pack) || !isObject(image)) {
    return undefined;
  }
  const { label, grams, price, offerPrice } = pack;
  if (!isText(label) || typeof grams !== 'number' || typeof price !== 'number' || !isText(image['src'])) {
    return undefined;
  }
  const item: CatalogueItem = {
    id,
    title,
    variety,
    origin: isText(value['origin']) ? value['origin'] : '',
    aliases: texts(value['aliases']),
    ingredients: texts(value['ingredients']),
    tags: texts(value['tags']),
    inStock: value['inStock'] !== false,
    featured: value['featured'] === true,
    bestSeller: value['bestSeller'] === true,
    added: isText(value['added']) ? value['added'] : '',
    pack: typeof offerPrice === 'number' ? { label, grams, price, offerPrice } : { label, grams, price },
    packs: Array.isArray(value['packs']) ? texts(value['packs']) : [label],
    image: {
      src: image['src'],
      srcset: isText(image['srcset']) ? image['srcset'] : '',
      width: typeof image['width'] === 'number' ? image['width'] : 640,
      height: typeof image['height'] === 'number' ? image['height'] : 640,
      alt: isText(image['alt']) ? image['alt'] : '',
    },
    thumb: isText(value['thumb']) ? value['thumb'] : image['src'],
  };
  if (typeof value['offer'] === 'number') item.offer = value['offer'];
  if (isText(value['packed'])) item.packed = value['packed'];
  if (typeof value['available'] === 'boolean') item.available = value['available'];
  return item;
}

/** Keeps the entries a card can be drawn from; anything else is dropped. Never throws. */
export function readCatalogueIndex(json: unknown): CatalogueIndex {
  if (!isObject(json) || json['success'] !== true || !Array.isArray(json['products'])) {
    return { success: false, products: [], recipes: [] };
  }
  return {
    success: true,
    products: json['products'].flatMap((value: unknown) => readItem(value) ?? []),
    recipes: readRecipeIndex(json),
  };
}

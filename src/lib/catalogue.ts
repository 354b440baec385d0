import type { CollectionEntry } from 'astro:content';
import { CATEGORIES, type Category } from './categories.ts';
import { isoDate } from './dates.ts';
import { currentLot, lotView, type LotView } from './lots.ts';
import { formatMoney, fromCents, toCents } from './money.ts';

/** The catalogue filter's first button; it stands for every category. */
export const ALL_PRODUCTS = 'All Products';
export type CategoryFilter = typeof ALL_PRODUCTS | Category;
/** The filter buttons of `/products`: All Products, then the categories in menu order. */
export const CATEGORY_FILTERS: readonly CategoryFilter[] = [ALL_PRODUCTS, ...CATEGORIES];

/** How many products each of the three lists (new arrivals, best sellers, offers) shows. */
const LIST_SIZE = 6;

/** A product file of the `products` collection, as `getCollection('products')` returns it. */
export type ProductEntry = Pick<CollectionEntry<'products'>, 'id' | 'data' | 'body' | 'rendered'>;

/** One pack size. `offerPrice` is there only while the product is on offer. */
export interface PackSize {
  label: string;
  grams: number;
  price: number;
  offerPrice?: number;
}

/** A product as the API and the islands see it: plain data, image paths instead of image objects. */
export interface ProductView {
  _id: string;
  title: string;
  /** Other names a cook may search for. */
  aliases: string[];
  variety: Category;
  /** Where it is grown or made. */
  origin: string;
  /** The day it joined the shop, `YYYY-MM-DD`. */
  added: string;
  /** The Markdown description as plain text, paragraphs split by a blank line. */
  description: string;
  netQuantities: PackSize[];
  /** Root-relative URLs of the original images, first one the cover. */
  images: string[];
  video?: string;
  ingredients: string[];
  nutrition: { calories: number; protein: number; carbs: number; fat: number };
  tags: string[];
  inStock: boolean;
  featured: boolean;
  newArrival: boolean;
  bestSeller: boolean;
  /** Discount in percent while on offer. */
  offer?: number;
  /** The lot on sale: the latest packed (none when the product lists no lots). */
  lot?: LotView;
}

/** What goes into the cart (or the wishlist) for one product in one pack size, as they keep it. */
export interface LineItem {
  /** The spec's line id, `<slug>:<pack label>`: stored as written, never read apart. */
  id: string;
  /** The product's slug. */
  productId: string;
  /** The pack size's label ("1 g"); empty for a product sold in one size. */
  pack: string;
  name: string;
  price: number;
  image: string;
}

/** The price in whole cents after `percent` off, rounded to the nearest cent. */
function offerPriceCents(price: number, percent: number | undefined): number {
  const cents = toCents(price);
  if (!percent) return cents;
  return Math.round((cents * (100 - percent)) / 100);
}

/** What the shopper pays for a pack: the offer price while on offer, else the list price. */
export function sellingPrice(pack: Pick<PackSize, 'price' | 'offerPrice'>): number {
  return pack.offerPrice ?? pack.price;
}

/** The price of 100 g at this pack's price, in currency units (rounded to the cent). Packs weigh
 * more than nothing: the content schema says so. */
function pricePer100g(price: number, grams: number): number {
  return fromCents(Math.round((toCents(price) * 100) / grams));
}

/** Where a product comes from, as a line of copy: a blend's origin says where it was blended. */
export function originLine(product: { variety: string; origin: string }): string {
  return product.variety === 'Blends' ? product.origin : `Grown in ${product.origin}`;
}

/**
 * Packs lighter than this show their price per gram: $14 a gram reads better than $1,400 / 100 g.
 * Every other pack reads per 100 g, so shoppers compare like with like.
 */
const PER_GRAM_BELOW = 10;

/** A pack's unit price as shoppers read it: "$5.20 / 100 g", or "$14.00 / g" for a small pack. */
export function unitPriceText(pack: Pick<PackSize, 'price' | 'offerPrice' | 'grams'>): string {
  const price = sellingPrice(pack);
  if (pack.grams < PER_GRAM_BELOW)
    return `${formatMoney(fromCents(Math.round(toCents(price) / pack.grams)))} / g`;
  return `${formatMoney(pricePer100g(price, pack.grams))} / 100 g`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of rendered Markdown: block ends become paragraph breaks, tags go, entities decode. */
function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|blockquote|ul|ol)>|<br\s*\/?>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

/** A product's pack sizes, each with its offer price while the product is on offer. */
function packSizes({ netQuantities, offer }: ProductEntry['data']): PackSize[] {
  return netQuantities.map(({ label, grams, price }) =>
    offer
      ? { label, grams, price, offerPrice: fromCents(offerPriceCents(price, offer)) }
      : { label, grams, price },
  );
}

/**
 * The product view of one collection entry; its id (the file's slug) becomes `_id`. `pictureUrl`
 * gives the URL of a picture the Markdown names (`originalPictureUrl` in the build).
 */
export function productView(entry: ProductEntry, pictureUrl: (src: string) => string): ProductView {
  const { data } = entry;
  const view: ProductView = {
    _id: entry.id,
    title: data.title,
    aliases: data.aliases,
    variety: data.variety,
    origin: data.origin,
    added: isoDate(data.added),
    description: entry.rendered ? htmlToText(entry.rendered.html) : (entry.body ?? '').trim(),
    netQuantities: packSizes(data),
    images: data.images.map((image) => pictureUrl(image.src)),
    ingredients: data.ingredients,
    nutrition: data.nutrition,
    tags: data.tags,
    inStock: data.inStock,
    featured: data.featured,
    newArrival: data.newArrival,
    bestSeller: data.bestSeller,
  };
  if (data.video) view.video = data.video;
  if (data.offer) view.offer = data.offer;
  const lot = currentLot(data.lots);
  if (lot) view.lot = lotView(lot);
  return view;
}

/** Products in catalogue order: alphabetical by title, so every page lists them alike. */
export function sortProducts<T extends { data: { title: string } }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.data.title.localeCompare(b.data.title, 'en'));
}

/**
 * The products, once checked for what no one file's schema can see: two of one title (a copied
 * file left unchanged, listed twice in every search) and one with no description (an empty
 * Description on its page). Each fails the build naming the files.
 */
export function checkedProducts<T extends { id: string; body?: string | undefined; data: { title: string } }>(
  entries: readonly T[],
): readonly T[] {
  const byTitle = new Map<string, string>();
  for (const { id, body, data } of entries) {
    const other = byTitle.get(data.title.trim().toLowerCase());
    if (other !== undefined) {
      throw new Error(
        `src/content/products/${other}.md and ${id}.md are both "${data.title}": give each product its own title`,
      );
    }
    byTitle.set(data.title.trim().toLowerCase(), id);
    if (!body?.trim()) {
      throw new Error(`src/content/products/${id}.md has no description: write it below the front matter`);
    }
  }
  return entries;
}

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

export type Flag = 'featured' | 'newArrival' | 'bestSeller' | 'offer';

/** Where each flag's products are shown, as an editor knows it. */
const FLAGGED_FOR: Record<Flag, string> = {
  featured: 'The home page shows featured products (featured: true)',
  newArrival: 'New Arrivals shows products with newArrival: true',
  bestSeller: 'Best Sellers shows products with bestSeller: true',
  offer: 'Special Offers shows products on offer (offer: a percent)',
};

/**
 * The products carrying a list's flag (`offer` counts when a discount is set). A list shows at
 * most `limit`, and every product flagged for it: more fail the build, naming them, where the
 * list had dropped some quietly (a product on offer missing from Special Offers).
 */
export function flagged<T extends { id: string; data: Partial<Record<Flag, unknown>> }>(
  entries: readonly T[],
  flag: Flag,
  limit = LIST_SIZE,
): T[] {
  const listed = entries.filter((entry) => Boolean(entry.data[flag]));
  if (listed.length > limit) {
    throw new Error(
      `${FLAGGED_FOR[flag]}, ${limit} at most, and ${listed.length} are: ${listed.map((entry) => entry.id).join(', ')}. Take the flag off ${listed.length - limit} of them.`,
    );
  }
  return listed;
}

/**
 * The cart or wishlist line for a product in one pack size: its product and pack, the spec's id
 * (`<slug>:<pack label>`, built here only), and a name with the size.
 */
export function lineItem(
  product: Pick<ProductView, '_id' | 'title' | 'netQuantities'>,
  packIndex: number,
  image: string,
): LineItem {
  const pack = product.netQuantities[packIndex] ?? product.netQuantities[0];
  if (!pack) throw new Error(`Product ${product._id} has no pack sizes`);
  return {
    id: `${product._id}:${pack.label}`,
    productId: product._id,
    pack: pack.label,
    name: `${product.title} (${pack.label})`,
    price: sellingPrice(pack),
    image,
  };
}

export type { PackToday, ProductToday } from './shapes/stock.schema.ts';

/** The most products one `GET /api/v1/product/today` names: its address stays a few KB long. */
export const MOST_PRODUCTS_TODAY = 100;

/** A product's pack by its label: none when the product (or that pack) is not sold. */
export const packNamed = <Pack extends PackSize>(
  product: { netQuantities: readonly Pack[] } | null | undefined,
  label: string,
): Pack | undefined => product?.netQuantities.find((pack) => pack.label === label);

/**
 * The original price to strike beside a line's price, when the line is at an offer price: the
 * price of its pack today, where that pack is on offer.
 */
export function originalPriceOf(
  product: { netQuantities: readonly PackSize[] } | null | undefined,
  line: Pick<LineItem, 'pack' | 'price'>,
): number | undefined {
  const pack = packNamed(product, line.pack);
  return pack?.offerPrice !== undefined && pack.price > line.price ? pack.price : undefined;
}

/**
 * Whether a product has a pack to sell: "In stock only" lists it, and its card has no Out of
 * Stock. `available` is the live answer, when the server read the stock; as built, the Markdown's.
 */
export const sellsToday = (item: { inStock: boolean; available?: boolean }): boolean =>
  item.available ?? item.inStock;

/**
 * The pack a card prices ("from $26.00"): the cheapest that sells, by what the shopper pays, or
 * the cheapest of all when none does. `sells` says whether the pack at an index can be bought.
 */
export function cardPack<Pack extends PackSize>(
  packs: readonly Pack[],
  sells: (index: number) => boolean,
): Pack | undefined {
  const cheapest = (candidates: readonly Pack[]) =>
    candidates.reduce<Pack | undefined>(
      (best, pack) => (best && sellingPrice(best) <= sellingPrice(pack) ? best : pack),
      undefined,
    );
  return cheapest(packs.filter((_pack, index) => sells(index))) ?? cheapest(packs);
}

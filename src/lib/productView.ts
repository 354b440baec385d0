import type { CollectionEntry } from 'astro:content';
import type { Category } from './categories.ts';
import { isoDate } from './dates.ts';
import { currentLot, lotView, type LotView } from './lots.ts';
import { fromCents, toCents } from './money.ts';
import type { PackSize } from './packPrices.ts';

/** How many products each of the three lists (new arrivals, best sellers, offers) shows. */
const LIST_SIZE = 6;

/** A product file of the `products` collection, as `getCollection('products')` returns it. */
export type ProductEntry = Pick<CollectionEntry<'products'>, 'id' | 'data' | 'body' | 'rendered'>;

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

/** The price in whole cents after `percent` off, rounded to the nearest cent. */
function offerPriceCents(price: number, percent: number | undefined): number {
  const cents = toCents(price);
  if (!percent) return cents;
  return Math.round((cents * (100 - percent)) / 100);
}

/** Where a product comes from, as a line of copy: a blend's origin says where it was blended. */
export function originLine(product: { variety: string; origin: string }): string {
  return product.variety === 'Blends' ? product.origin : `Grown in ${product.origin}`;
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

import { getCollection, type CollectionEntry } from 'astro:content';
import { cardPack } from '#src/lib/packPrices.ts';
import { checkedProducts, productView, sortProducts } from '#src/lib/productView.ts';
import type { CatalogueItem } from '#src/lib/catalogueIndex.ts';
import { drawnPicture } from './productDrawings.ts';
import { originalPictureUrl, productPicture } from './productPictures.ts';
import { thumbnailUrl } from './thumbnail.ts';

/** The widths a card's picture comes in; the browser picks one by the card's width on screen. */
const CARD_WIDTHS = [320, 480, 640];

/** A product's entry in the catalogue's compact index, with its card picture made. Build time only. */
async function catalogueItem(entry: CollectionEntry<'products'>): Promise<CatalogueItem> {
  const view = productView(entry, originalPictureUrl);
  const pack = cardPack(view.netQuantities, () => view.inStock);
  const [cover] = entry.data.images;
  if (!pack || !cover) throw new Error(`${entry.id}: a product needs a pack size and an image`);
  const item: CatalogueItem = {
    id: view._id,
    title: view.title,
    variety: view.variety,
    origin: view.origin,
    aliases: view.aliases,
    ingredients: view.ingredients,
    tags: view.tags,
    inStock: view.inStock,
    featured: view.featured,
    bestSeller: view.bestSeller,
    added: view.added,
    pack,
    packs: view.netQuantities.map(({ label }) => label),
    image: { ...(await drawnPicture(cover.src, CARD_WIDTHS)), alt: cover.alt },
    thumb: await thumbnailUrl(productPicture(cover.src)),
  };
  if (view.offer) item.offer = view.offer;
  if (view.lot) item.packed = view.lot.packedOn;
  return item;
}

let catalogue: Promise<CatalogueItem[]> | undefined;

/** Every product's index entry in catalogue order, made once per build (every time in dev). */
export function catalogueItems(): Promise<CatalogueItem[]> {
  if (import.meta.env.DEV) catalogue = undefined;
  catalogue ??= getCollection('products').then((entries) =>
    Promise.all(sortProducts(checkedProducts(entries)).map(catalogueItem)),
  );
  return catalogue;
}

/**
 * The catalogue's items for a page: the index the server process read from the build, so a page
 * rendered on request shows the build's pictures; made here at build time and in development.
 */
export const catalogueOf = async (locals: App.Locals): Promise<CatalogueItem[]> =>
  locals.catalogue ?? catalogueItems();

/** The catalogue's items of these products, in their order. */
export async function catalogueItemsOf(
  products: readonly { id: string }[],
  locals: App.Locals,
): Promise<CatalogueItem[]> {
  const byId = new Map((await catalogueOf(locals)).map((item) => [item.id, item]));
  return products.flatMap((product) => byId.get(product.id) ?? []);
}

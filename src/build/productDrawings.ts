import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import type { CollectionEntry } from 'astro:content';
import { productPicture } from './productPictures.ts';

/** A picture as an `<img>` draws it: the file, the files by width, the original's size. */
export interface Drawn {
  src: string;
  srcset: string;
  width: number;
  height: number;
}

/** What a product page draws of each of its pictures. */
interface PictureDrawings {
  view: Drawn;
  thumb: Drawn;
}

/** What a product page also makes of its first picture, the cover. */
interface CoverDrawings {
  /** Open Graph's picture: a JPEG 1,200 px wide. */
  share: string;
  /** The video's poster, for a product with a video. */
  poster?: string;
}

/** One product's pictures drawn, by their paths in its Markdown, and its cover's extras. */
export interface ProductDrawings {
  pictures: Record<string, PictureDrawings>;
  cover: CoverDrawings;
}

/** Every product's pictures drawn, by path: what the build writes for the server. */
export interface DrawingTable {
  pictures: Record<string, PictureDrawings>;
  covers: Record<string, CoverDrawings>;
}

/** The gallery's main view: the widths made, and the `sizes` they are drawn at. */
export const VIEW = {
  widths: [480, 800, 1200],
  sizes: '(min-width: 1280px) 620px, (min-width: 1024px) 50vw, 100vw',
} as const;
/**
 * A thumbnail is drawn at most 88 px wide: one file, for screens up to 2x (a 1x screen takes the
 * larger file, a few hundred bytes, where a second address in every page cost its first response).
 */
const THUMB = { widths: [176] } as const;

/** A product picture (its path in the Markdown) made in `widths`, as WebP. */
export const drawnPicture = (src: string, widths: readonly number[]): Promise<Drawn> =>
  drawnImage(productPicture(src), widths);

/** A picture file made in `widths`, as WebP. */
export async function drawnImage(original: ImageMetadata, widths: readonly number[]): Promise<Drawn> {
  const image = await getImage({ src: original, widths: [...widths], format: 'webp' });
  // The fallback is the widest file of the set rather than a file of its own: one address fewer
  // in every page that draws it (a browser without srcset is none the worse).
  const widest = image.srcSet.values.at(-1)?.url ?? image.src;
  return {
    src: widest,
    srcset: image.srcSet.attribute,
    width: Number(image.attributes['width'] ?? original.width),
    height: Number(image.attributes['height'] ?? original.height),
  };
}

/**
 * Draws one product's pictures with Astro's image service. At build time the files are made with
 * the build; on a request (development) they are made by the image endpoint.
 */
async function drawProduct(entry: CollectionEntry<'products'>): Promise<ProductDrawings> {
  const { images, video } = entry.data;
  const [first] = images;
  if (!first) throw new Error(`${entry.id}: a product needs a picture`);
  const pictures: Record<string, PictureDrawings> = {};
  for (const { src } of images) {
    pictures[src] = {
      view: await drawnPicture(src, VIEW.widths),
      thumb: await drawnPicture(src, THUMB.widths),
    };
  }
  const original = productPicture(first.src);
  const cover: CoverDrawings = { share: (await getImage({ src: original, width: 1200, format: 'jpg' })).src };
  if (video) cover.poster = (await getImage({ src: original, width: 1000, format: 'webp' })).src;
  return { pictures, cover };
}

/** Every product's pictures drawn, for the build to write once (src/pages/build-tables/pictures.json.ts). */
export async function drawAllProducts(
  entries: readonly CollectionEntry<'products'>[],
): Promise<DrawingTable> {
  const table: DrawingTable = { pictures: {}, covers: {} };
  for (const entry of entries) {
    const { pictures, cover } = await drawProduct(entry);
    Object.assign(table.pictures, pictures);
    const src = entry.data.images[0]?.src ?? '';
    // A poster drawn for one product whose cover another shares stays.
    table.covers[src] = { ...table.covers[src], ...cover };
  }
  return table;
}

/**
 * A product's pictures drawn: from what the build drew (`built`, read by the server process), so a
 * page rendered on request points at the files the build made; drawn here when the build's table
 * lacks one (development, or a table that could not be read).
 */
export async function productDrawings(
  entry: CollectionEntry<'products'>,
  built: DrawingTable | undefined,
): Promise<ProductDrawings> {
  const { images, video } = entry.data;
  const cover = built?.covers[images[0]?.src ?? ''];
  if (built && cover && (video === undefined || cover.poster !== undefined)) {
    const pictures = images.map(({ src }) => [src, built.pictures[src]] as const);
    if (pictures.every(([, drawings]) => drawings !== undefined))
      return { pictures: Object.fromEntries(pictures) as Record<string, PictureDrawings>, cover };
  }
  return drawProduct(entry);
}

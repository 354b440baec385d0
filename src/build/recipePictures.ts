import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import { drawnImage, type Drawn } from './productDrawings.ts';

/** Every recipe picture, found by one glob as product pictures are (productPictures.ts). */
const PICTURES = import.meta.glob<ImageMetadata>(
  '/src/content/recipes/images/**/*.{jpg,jpeg,png,webp,avif}',
  {
    eager: true,
    import: 'default',
  },
);

/** Where the paths in a recipe's Markdown start from: its folder. */
const RECIPES_DIR = 'file:///src/content/recipes/';

/** The widths a recipe card's picture comes in, and those of a recipe page's own. */
export const CARD_WIDTHS = [320, 480, 640];
export const PAGE_WIDTHS = [480, 800, 1200];

/** A picture a recipe's Markdown names, relative to it (`./images/tadka-dal/tadka-dal.jpg`). */
export function recipePicture(src: string): ImageMetadata {
  const picture = PICTURES[decodeURIComponent(new URL(src, RECIPES_DIR).pathname)];
  // The content schema checks every named picture, so this only fails with a file gone since.
  if (!picture) throw new Error(`Recipe picture ${src} is not in src/content/recipes/images/`);
  return picture;
}

/** A recipe picture made in `widths`, as WebP. Recipe pages are built, so this runs at build time. */
export const drawnRecipePicture = (src: string, widths: readonly number[]): Promise<Drawn> =>
  drawnImage(recipePicture(src), widths);

/** Open Graph's picture of a recipe: a JPEG 1,200 px wide. */
export const sharedRecipePicture = async (src: string): Promise<string> =>
  (await getImage({ src: recipePicture(src), width: 1200, format: 'jpg' })).src;

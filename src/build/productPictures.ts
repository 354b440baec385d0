import type { ImageMetadata, ImageOutputFormat } from 'astro';

/**
 * Every product picture, found by one glob. As an `image()` field of the content collection, each
 * picture a product named became a build module of its own per product: 20,000 products were
 * 60,800 modules, bundled twice, 22 minutes of a 23-minute build (README, performance).
 */
const PICTURES = import.meta.glob<ImageMetadata>(
  '/src/content/products/images/**/*.{jpg,jpeg,png,webp,avif}',
  {
    eager: true,
    import: 'default',
  },
);

/** Where the paths in a product's Markdown start from: its folder. */
const PRODUCTS_DIR = 'file:///src/content/products/';

/** A picture a product's Markdown names, relative to it (`./images/amchur/amchur-1.jpg`). */
export function productPicture(src: string): ImageMetadata {
  const picture = PICTURES[decodeURIComponent(new URL(src, PRODUCTS_DIR).pathname)];
  // The content schema checks every named picture, so this only fails with a file gone since.
  if (!picture) throw new Error(`Product picture ${src} is not in src/content/products/images/`);
  return picture;
}

/** The root-relative URL of a product picture's original file. */
export const originalPictureUrl = (src: string): string => productPicture(src).src;

/**
 * The home page's photographs, as AVIF with WebP for browsers without it: AVIF is about half the
 * bytes at the same look (the tiles and story picture a phone loads: 151 KB of WebP, 78 KB of AVIF).
 * Product cards and galleries stay WebP only: a second `srcset` on every card would push the
 * catalogue's first response past one round trip.
 */
export const HOME_PHOTO_FORMATS: { formats: ImageOutputFormat[]; fallbackFormat: ImageOutputFormat } = {
  formats: ['avif'],
  fallbackFormat: 'webp',
};

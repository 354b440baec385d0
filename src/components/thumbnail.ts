import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';

/**
 * The small picture a cart or wishlist line shows: one size for every page, so a line added from
 * a card and from the product page point at the same file. Made with the build (the catalogue's
 * index and the product pictures table), where the file is made too.
 */
export async function thumbnailUrl(src: ImageMetadata): Promise<string> {
  const image = await getImage({ src, width: 240, height: 240, format: 'webp', fit: 'cover' });
  return image.src;
}

import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';

/**
 * The small picture a cart or wishlist line shows: one size for every page, so a line added from
 * a card and from the product page point at the same file: the catalogue's index carries it, made
 * with the build, where the file is made too.
 */
export async function thumbnailUrl(src: ImageMetadata): Promise<string> {
  const image = await getImage({ src, width: 240, height: 240, format: 'webp', fit: 'cover' });
  return image.src;
}

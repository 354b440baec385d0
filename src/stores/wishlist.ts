import type { ReadableAtom } from 'nanostores';
import { wishlist, type WishlistItem } from './wishlistState.ts';
import { parseItem, sameLine, type LineKey } from './shapes.ts';

export { $wishlistCount, type WishlistItem } from './wishlistState.ts';

export const $wishlist: ReadableAtom<WishlistItem[]> = wishlist;

/** Whether `key`'s product is among `items` in that pack size. */
export function isSaved(items: readonly WishlistItem[], key: LineKey): boolean {
  return items.some((item) => sameLine(item, key));
}

/** Whether `key`'s product is saved in that pack size. */
function isInWishlist(key: LineKey): boolean {
  return isSaved(wishlist.get(), key);
}

export function removeFromWishlist(key: LineKey): { saved: boolean } {
  if (!isInWishlist(key)) return { saved: true };
  return { saved: wishlist.save(wishlist.get().filter((item) => !sameLine(item, key))) };
}

/** The heart button: adds or removes, and says which. An item without an id, name or price is refused. */
export function toggleWishlist(item: WishlistItem): { inWishlist: boolean; saved: boolean } {
  if (isInWishlist(item)) return { inWishlist: false, ...removeFromWishlist(item) };
  const added = parseItem(item);
  if (!added) return { inWishlist: false, saved: false };
  return { inWishlist: true, saved: wishlist.save([...wishlist.get(), added]) };
}

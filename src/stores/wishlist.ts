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
export function isInWishlist(key: LineKey): boolean {
  return isSaved(wishlist.get(), key);
}

/** An item already saved stays as it is; an item without an id, name or price is refused. */
export function addToWishlist(item: WishlistItem): { saved: boolean } {
  const added = parseItem(item);
  if (!added) return { saved: false };
  if (isInWishlist(added)) return { saved: true };
  return { saved: wishlist.save([...wishlist.get(), added]) };
}

export function removeFromWishlist(key: LineKey): { saved: boolean } {
  if (!isInWishlist(key)) return { saved: true };
  return { saved: wishlist.save(wishlist.get().filter((item) => !sameLine(item, key))) };
}

/** The heart button: adds or removes, and says which. */
export function toggleWishlist(item: WishlistItem): { inWishlist: boolean; saved: boolean } {
  if (isInWishlist(item)) return { inWishlist: false, ...removeFromWishlist(item) };
  const { saved } = addToWishlist(item);
  return { inWishlist: isInWishlist(item), saved };
}

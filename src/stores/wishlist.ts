import type { ReadableAtom } from 'nanostores';
import { wishlist, type WishlistItem } from './wishlistState';
import { parseItem } from './shapes';

export { $wishlistCount, type WishlistItem } from './wishlistState';

export const $wishlist: ReadableAtom<WishlistItem[]> = wishlist;

export function isInWishlist(id: string): boolean {
  return wishlist.get().some((item) => item.id === id);
}

/** An item already saved stays as it is; an item without an id, name or price is refused. */
export function addToWishlist(item: WishlistItem): { saved: boolean } {
  const added = parseItem(item);
  if (!added) return { saved: false };
  if (isInWishlist(added.id)) return { saved: true };
  return { saved: wishlist.save([...wishlist.get(), added]) };
}

export function removeFromWishlist(id: string): { saved: boolean } {
  if (!isInWishlist(id)) return { saved: true };
  return { saved: wishlist.save(wishlist.get().filter((item) => item.id !== id)) };
}

/** The heart button: adds or removes, and says which. */
export function toggleWishlist(item: WishlistItem): { inWishlist: boolean; saved: boolean } {
  if (isInWishlist(item.id)) return { inWishlist: false, ...removeFromWishlist(item.id) };
  const { saved } = addToWishlist(item);
  return { inWishlist: isInWishlist(item.id), saved };
}

// What the wishlist holds: the stored items and their count. The actions are in wishlist.ts, which
// re-exports what islands use; the top bar of every page loads only this module.
import { derived, persistentAtom } from './persistent.ts';
import type { LineItem } from '#src/lib/lineItem.ts';
import { listOf, parseItem } from './shapes.ts';

export type WishlistItem = LineItem;

/** Written only by the actions in wishlist.ts. */
/** The storage key of the wishlist. */
export const WISHLIST_KEY = 'wishlist';

export const wishlist = persistentAtom<WishlistItem[]>(WISHLIST_KEY, [], (json) => listOf(json, parseItem));

/** The header badge: how many items are saved. */
export const $wishlistCount = derived(wishlist, (items) => items.length);

// The products this browser opened last, newest first: kept here only, never sent to the shop.
import { persistentAtom } from './persistent.ts';

/** How many it keeps. */
export const RECENTLY_VIEWED_MAX = 8;

const PRODUCT_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** A kept list as read: product ids only, each once, at most the last 8; anything else dropped. */
function readRecent(json: unknown): string[] {
  if (!Array.isArray(json)) return [];
  const ids = json.filter((id): id is string => typeof id === 'string' && PRODUCT_ID.test(id));
  return [...new Set(ids)].slice(0, RECENTLY_VIEWED_MAX);
}

/** The ids of the products opened last in this browser, newest first (the `recentlyViewed` key). */
export const $recentlyViewed = persistentAtom<string[]>('recentlyViewed', [], readRecent);

/** The product page of `productId` was opened: it goes first, once, and the ninth falls off. */
export function noteViewed(productId: string): void {
  if (!PRODUCT_ID.test(productId)) return;
  const kept = $recentlyViewed.get();
  if (kept[0] === productId) return;
  $recentlyViewed.save([productId, ...kept.filter((id) => id !== productId)].slice(0, RECENTLY_VIEWED_MAX));
}

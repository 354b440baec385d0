import { toast } from '#src/islands/toast/toast.ts';

/** The one way the shop says that the browser refused to store something. */
export const STORAGE_REFUSED = "Your browser's storage is full or blocked.";

/** Told when a change shows on this page but storage refused it: it lasts until the page closes. */
export function warnNotSaved(what: 'cart' | 'wishlist' | 'addresses'): void {
  toast.error(`Couldn't save your ${what} on this device`, {
    description: `${STORAGE_REFUSED} Your change holds while this page is open.`,
  });
}

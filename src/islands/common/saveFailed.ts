import { toast } from '../toast/toast';

/** Told when a change lives in this page only because the browser refused to store it. */
export function toastSaveFailed(what: 'cart' | 'wishlist'): void {
  toast.error(`Couldn't save your ${what} on this device`, {
    description: 'Your change holds while this page is open. Allow site storage to keep it.',
  });
}

import { atom } from 'nanostores';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

/** True once a toast has been raised on this page: the toaster then loads sonner and shows it. */
export const $toastRaised = atom(false);

let sonner: Promise<{ toast: typeof sonnerToast }> | undefined;

/**
 * Raises a toast of `kind` through sonner, which is downloaded with the first toast: most visits
 * raise none, and sonner is a tenth of an island page's JavaScript. A download the network failed
 * is asked for again at once, and with the next toast if that failed too, so one lost request never
 * silences the page's toasts (its errors most of all, raised when the network is poor). A browser
 * no longer keeps a failed import as failed (whatwg/html#10327), so asking again fetches it.
 */
function raise(kind: 'success' | 'error' | 'message') {
  return (message: string, options?: ExternalToast): void => {
    $toastRaised.set(true);
    sonner ??= import('sonner').catch(() => import('sonner'));
    sonner.then(
      ({ toast }) => toast[kind](message, options),
      (error: unknown) => {
        sonner = undefined;
        console.error(`Could not show the toast "${message}"`, error);
      },
    );
  };
}

/** The shop's toasts: sonner's `toast.success`, `toast.error` (the destructive style) and plain `toast.message`. */
export const toast = { success: raise('success'), error: raise('error'), message: raise('message') };

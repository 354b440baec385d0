/**
 * A toast that must outlive a navigation ('Welcome!' shown on `/` after sign-in, say): the page
 * that navigates queues it, the toaster of the page the shopper lands on shows it once.
 */
export interface FlashToast {
  kind: 'success' | 'error';
  title: string;
  description?: string;
}

/** The sessionStorage key the queued toast waits under. */
export const FLASH_KEY = 'flashToast';

export function flashToast(toast: FlashToast): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(toast));
  } catch {
    // Storage blocked or full: the toast is lost, the navigation still happens.
  }
}

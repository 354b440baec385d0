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

/** Returns the queued toast, if any, and forgets it. Bad or foreign values are ignored. */
export function takeFlashToast(): FlashToast | undefined {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (raw === null) return undefined;
    sessionStorage.removeItem(FLASH_KEY);
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { kind, title, description } = value as Record<string, unknown>;
    if ((kind !== 'success' && kind !== 'error') || typeof title !== 'string') return undefined;
    return typeof description === 'string' ? { kind, title, description } : { kind, title };
  } catch {
    return undefined;
  }
}

import { FLASH_KEY, type FlashToast } from './flash.ts';

// Apart from flash.ts, which the top bar of every page loads: only the toaster reads the queue.

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

import type { ClientDirective } from 'astro';
import { FLASH_KEY } from '../stores/flash';

const EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart', 'focusin'] as const;

/**
 * `client:interaction`: hydrate on the shopper's first scroll, tap, key or focus, or at once when
 * a toast is waiting from the previous page. Keeps React off the first paint of the home page.
 */
const interaction: ClientDirective = (load) => {
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    for (const event of EVENTS) window.removeEventListener(event, hydrate);
    void load().then((run) => run());
  };
  let flashWaiting = false;
  try {
    flashWaiting = sessionStorage.getItem(FLASH_KEY) !== null;
  } catch {
    flashWaiting = false;
  }
  if (flashWaiting) {
    hydrate();
    return;
  }
  for (const event of EVENTS) window.addEventListener(event, hydrate, { once: true, passive: true });
};

export default interaction;

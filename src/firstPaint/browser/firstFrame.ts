/**
 * A page's scripts start after its first contentful paint: the server writes those of its body held
 * (src/firstPaint/server/afterFirstPaint.ts), and the layout's script
 * (src/layouts/BaseLayout.astro), which runs once the page is parsed, writes them again once that
 * paint is on screen. A shopper may act before they run: the layout's script hears their first acts
 * and the buttons they press, so an island registered after the shopper acted hydrates at once
 * (src/firstPaint/browser/directives/interaction.ts), and a button pressed before the script or
 * island that serves it had come is pressed again once it has.
 */

/**
 * The type a held script is written with: a browser neither fetches nor runs a script of a type it
 * does not know (src/firstPaint/server/afterFirstPaint.ts writes them).
 */
export const HELD_SCRIPT_TYPE = 'text/x-after-first-frame';

/**
 * The shopper's acts: a scroll, tap, key or focus. Back or forward between the island's own
 * history entries (the catalogue's searches) too: the address then names what the island must
 * show, which only the island can draw.
 */
export const FIRST_ACT_EVENTS = [
  'pointerdown',
  'keydown',
  'scroll',
  'touchstart',
  'focusin',
  'popstate',
] as const;

/** What the layout's script heard before the page's scripts ran (the global `shopperFirstActs`). */
export interface FirstActs {
  /** The shopper has acted. */
  acted: boolean;
  /**
   * The plain buttons (`type="button"`, which do nothing by themselves) pressed before anything
   * served them, in order: in islands not yet hydrated, and those no started script serves yet.
   */
  pressed: HTMLButtonElement[];
  /**
   * For a script starting to serve the plain buttons `selector` names: the presses on them it
   * missed, in order, for it to act on; later ones reach its own listeners. A method of the
   * global, so a script calling it imports nothing the layout's script does (which would put
   * both in a shared file the first paint then waits for).
   */
  takePresses(selector: string): HTMLButtonElement[];
}

declare global {
  var shopperFirstActs: FirstActs | undefined;
}

/** Starts keeping what the shopper does first, for the scripts and islands that come later. */
export function hearFirstActs(): void {
  const served: string[] = [];
  const heard: FirstActs = {
    acted: false,
    pressed: [],
    takePresses(selector) {
      served.push(selector);
      const theirs = heard.pressed.filter((button) => button.matches(selector));
      heard.pressed = heard.pressed.filter((button) => !theirs.includes(button));
      return theirs;
    },
  };
  globalThis.shopperFirstActs = heard;
  const acted = () => (heard.acted = true);
  for (const type of FIRST_ACT_EVENTS)
    addEventListener(type, acted, { capture: true, passive: true, once: true });
  addEventListener(
    'click',
    ({ target }) => {
      const button = target instanceof Element ? target.closest<HTMLButtonElement>('button:enabled') : null;
      // A submit button does its own work, by the form's address, before any script.
      if (!button || button.type !== 'button' || served.some((selector) => button.matches(selector))) return;
      const island = button.closest('astro-island');
      if (!island || island.hasAttribute('ssr')) heard.pressed.push(button);
    },
    true,
  );
}

/** What the layout's script heard (nothing on a page without the layout). */
export const firstActs = (): FirstActs | undefined => globalThis.shopperFirstActs;

/**
 * Writes each held script again as it was, in its place, so the browser fetches and runs it:
 * module scripts in their order, as the page named them; async ones (Astro's island scripts) as
 * they come.
 */
export function startHeldScripts(): void {
  for (const held of document.querySelectorAll<HTMLScriptElement>(`script[type="${HELD_SCRIPT_TYPE}"]`)) {
    const script = document.createElement('script');
    script.type = held.dataset['type'] ?? '';
    script.async = held.dataset['async'] !== undefined;
    script.src = held.dataset['src'] ?? '';
    held.replaceWith(script);
  }
}

/**
 * Runs `then` once the page's first contentful frame is on screen, when the browser reports that
 * paint; where it reports none, after the next frame. A page opened out of sight, which paints
 * nothing until it is shown, runs it at once. (Not on `load`: a page whose pictures wait for
 * their turn loads before it has painted.)
 */
export function afterFirstContentfulPaint(then: () => void): void {
  if (document.hidden) return then();
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

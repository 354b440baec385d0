import type { ClientDirective } from 'astro';
import { FLASH_KEY } from '#src/stores/flash.ts';

const EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart', 'focusin'] as const;

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A field the shopper changed: its state now, and as the server rendered it. */
interface Change {
  field: Field;
  now: string | boolean;
  before: string | boolean;
}

/** The server-rendered state of a field, and whether the shopper has changed it since. */
function changedFields(island: HTMLElement): Change[] {
  return [...island.querySelectorAll<Field>('input, select, textarea')].flatMap((field): Change[] => {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      return field.checked === field.defaultChecked
        ? []
        : [{ field, now: field.checked, before: field.defaultChecked }];
    }
    if (field instanceof HTMLSelectElement) {
      const before =
        [...field.options].find((option) => option.defaultSelected)?.value ?? field.options[0]?.value;
      return before === undefined || field.value === before ? [] : [{ field, now: field.value, before }];
    }
    return field.value === field.defaultValue
      ? []
      : [{ field, now: field.value, before: field.defaultValue }];
  });
}

/** Sets a field's state through the element's own setter, which a framework's instance setter cannot see. */
function setNatively(field: Field, value: string | boolean) {
  const key = typeof value === 'boolean' ? 'checked' : 'value';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), key)?.set?.call(field, value);
}

/**
 * What the shopper typed, ticked or chose in the island before it hydrated is handed to the
 * island afterwards as ordinary events: the fields go back to their server state for hydration,
 * and each change is replayed once React has hydrated.
 */
function keepEarlyInput(island: HTMLElement, run: () => Promise<void>): Promise<void> {
  const changed = changedFields(island);
  for (const { field, before } of changed) setNatively(field, before);
  return run().then(() => {
    for (const { field, now } of changed) {
      const type = typeof now === 'boolean' ? 'click' : 'input';
      // The first event, with nothing changed yet, makes React finish hydrating at once.
      field.dispatchEvent(new Event(type, { bubbles: true }));
      setNatively(field, now);
      field.dispatchEvent(new Event(type, { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  });
}

/**
 * Records the buttons the shopper presses in the island until it has hydrated; `replay` then
 * presses them again, in order, for the island to act on. Only for islands whose buttons do
 * nothing before React does (a button another script already serves would act twice).
 */
function recordPresses(island: HTMLElement) {
  const pressed: HTMLButtonElement[] = [];
  const record = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && island.contains(button) && !button.disabled) pressed.push(button);
  };
  island.addEventListener('click', record, true);
  return {
    async replay() {
      island.removeEventListener('click', record, true);
      for (const button of pressed) {
        // Each press in a task of its own, after React has drawn what the one before changed,
        // so Add to Cart sees the quantity stepped just before it.
        await new Promise((done) => setTimeout(done, 0));
        button.click();
      }
    },
  };
}

/**
 * `client:interaction`: hydrate on the shopper's first scroll, tap, key or focus, or at once when
 * a toast is waiting from the previous page. Keeps React off the first paint; what the shopper
 * typed before hydration is kept, and with `{ replayClicks: true }` the buttons they pressed too.
 */
const interaction: ClientDirective = (load, options, island) => {
  const replayClicks =
    typeof options.value === 'object' && options.value !== null && 'replayClicks' in options.value;
  const presses = replayClicks ? recordPresses(island) : undefined;
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    for (const event of EVENTS) window.removeEventListener(event, hydrate);
    void load()
      .then((run) => keepEarlyInput(island, run))
      .then(() => presses?.replay());
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

import type { ClientDirective } from 'astro';
import { FLASH_KEY } from '#src/stores/flash.ts';
import { FIRST_ACT_EVENTS, firstActs } from '#src/firstPaint/browser/firstFrame.ts';
import { recordPresses } from './presses.ts';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A field the shopper changed: its state now, and as the server rendered it. */
interface Change {
  field: Field;
  now: string | boolean;
  before: string | boolean;
}

/** A field's state now, and as the server rendered it (undefined: a select with no options). */
function statesOf(field: Field): [now: string | boolean, before: string | boolean | undefined] {
  if (field instanceof HTMLSelectElement) {
    return [
      field.value,
      ([...field.options].find((option) => option.defaultSelected) ?? field.options[0])?.value,
    ];
  }
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
    ? [field.checked, field.defaultChecked]
    : [field.value, field.defaultValue];
}

/** The fields of the island the shopper has changed since the server rendered them. */
function changedFields(island: HTMLElement): Change[] {
  return [...island.querySelectorAll<Field>('input, select, textarea')].flatMap((field): Change[] => {
    const [now, before] = statesOf(field);
    return before === undefined || now === before ? [] : [{ field, now, before }];
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
    // React hydrates in a transition, a slice at a time, and the island looks hydrated (no `ssr`)
    // before it is: a shopper's input in that gap made React finish at once and draw the updates
    // waiting behind it, which set a select back to what React held between its input and change
    // events, so the sort chosen was lost (a phone at a quarter of this machine's speed lost it 3
    // times in 4). An input event React must hydrate to handle makes it finish now, before the
    // shopper can act; below the root and not bubbling, it reaches React's listener and no other.
    island.firstElementChild?.dispatchEvent(new Event('input'));
    for (const { field, now } of changed) {
      setNatively(field, now);
      for (const type of [typeof now === 'boolean' ? 'click' : 'input', 'change']) {
        field.dispatchEvent(new Event(type, { bubbles: true }));
      }
    }
  });
}

/**
 * `client:interaction`: hydrate on the shopper's first scroll, tap, key, focus or step through
 * history (at once if that came before this script ran, src/firstPaint/browser/firstFrame.ts), or
 * at once when a toast is waiting from the previous page. Keeps React off the first paint; what the
 * shopper typed before hydration is kept, and with `{ replayClicks: true }` the buttons they
 * pressed too.
 */
const interaction: ClientDirective = (load, options, island) => {
  const replayClicks =
    typeof options.value === 'object' && options.value !== null && 'replayClicks' in options.value;
  const early = firstActs();
  const presses = replayClicks ? recordPresses(island) : undefined;
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    for (const event of FIRST_ACT_EVENTS) window.removeEventListener(event, hydrate);
    void load()
      .then((run) => keepEarlyInput(island, run))
      .then(() => presses?.replay());
  };
  let flashWaiting = false;
  try {
    flashWaiting = sessionStorage.getItem(FLASH_KEY) !== null;
  } catch {
    // Storage blocked: no toast can be waiting.
  }
  if (flashWaiting || early?.acted) {
    hydrate();
    return;
  }
  // No `once`: the first event removes them all.
  for (const event of FIRST_ACT_EVENTS) window.addEventListener(event, hydrate, { passive: true });
};

export default interaction;

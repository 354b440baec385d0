import { firstActs } from '#src/firstPaint/browser/firstFrame.ts';

/**
 * Records the plain buttons (`type="button"`) the shopper presses in the island until it has
 * hydrated, after those the layout's script heard before this directive ran
 * (src/firstPaint/browser/firstFrame.ts); `replay` then presses them again, in order, for the
 * island to act on. Only for islands whose buttons do nothing before React does (a button another
 * script already serves would act twice). A submit button is left to its form, which works without
 * React.
 */
export function recordPresses(island: HTMLElement) {
  const pressed = (firstActs()?.pressed ?? []).filter((button) => island.contains(button));
  const record = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button?.type === 'button' && island.contains(button) && !button.disabled) pressed.push(button);
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

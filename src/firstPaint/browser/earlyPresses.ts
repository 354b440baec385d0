/**
 * For a script that serves the plain buttons `selector` names, called once its listeners are on:
 * presses again, in order, those the shopper pressed before it ran, which the layout's script kept
 * (src/firstPaint/browser/firstFrame.ts). It reads them through the global, so this file shares
 * nothing with the layout's script and the first paint waits for no file but that script.
 */
export function pressAgainEarlyPresses(selector: string): void {
  for (const button of globalThis.shopperFirstActs?.takePresses(selector) ?? []) button.click();
}

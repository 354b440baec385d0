import type { MouseEvent } from 'react';

/** Leaves clicks that open a new tab or window to the browser. */
export const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

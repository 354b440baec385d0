import { useReducer, useRef } from 'react';

/**
 * Moves the focus to an element once React has drawn it, for when the focused control goes away
 * (a removed line, a closed form) and the focus would otherwise fall to the page's body.
 * `later(key)` asks for it and redraws; `target(key)` is the ref of the element that takes it, the
 * first time one with that key is drawn. A new ref each render, so React calls it at every commit.
 */
export function useFocusAfterDraw() {
  const pending = useRef<string>(undefined);
  const [, redraw] = useReducer((draws: number) => draws + 1, 0);
  return {
    later(key: string) {
      pending.current = key;
      redraw();
    },
    target: (key: string) => (element: HTMLElement | null) => {
      if (element && pending.current === key) {
        pending.current = undefined;
        element.focus();
      }
    },
  };
}

export type FocusAfterDraw = ReturnType<typeof useFocusAfterDraw>;

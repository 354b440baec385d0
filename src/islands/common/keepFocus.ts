import { useReducer, useRef, type MouseEvent } from 'react';

// Keeping a keyboard or screen-reader shopper's place: a control that cannot act keeps the focus,
// and what replaces a control that goes away takes it.
const ignore = (event: MouseEvent) => {
  event.preventDefault();
  event.stopPropagation();
};

/**
 * Props for a button, switch or file field that cannot act just now (busy, or at a limit). Not
 * `disabled`: a disabled control loses the focus, and a keyboard or screen-reader shopper their
 * place. It stays focusable, says it is unavailable, and a click, Enter or Space (a form's
 * implicit submission clicks its submit button too) is stopped before its handler and its
 * default: no submit, no toggle, no file picker.
 */
export function unavailableWhile(unavailable: boolean) {
  return { 'aria-disabled': unavailable || undefined, onClickCapture: unavailable ? ignore : undefined };
}

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

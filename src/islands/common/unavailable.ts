import type { MouseEvent } from 'react';

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
  return { 'aria-disabled': unavailable, onClickCapture: unavailable ? ignore : undefined };
}

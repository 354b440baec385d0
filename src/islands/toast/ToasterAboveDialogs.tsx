import { useEffect, useState, type ComponentProps } from 'react';
import { createPortal } from 'react-dom';
import { Toaster } from 'sonner';

/** The modal dialog opened last, if one is open: the top of the top layer. */
function openModal(): HTMLDialogElement | null {
  const open = document.querySelectorAll<HTMLDialogElement>('dialog:modal');
  return open[open.length - 1] ?? null;
}

/**
 * Sonner's toaster, drawn inside the modal dialog that is open while one is. A modal dialog sits
 * in the top layer, above any z-index, and makes the rest of the page inert: a toast raised with it
 * ('Added to cart' with the mini-cart) was drawn under its backdrop, could not be closed and was
 * never announced. Sonner gives a toaster drawn anew the toasts still showing, so a toast stays
 * when the dialog closes.
 */
export default function ToasterAboveDialogs(props: ComponentProps<typeof Toaster>) {
  const [modal, setModal] = useState(openModal);
  useEffect(() => {
    const follow = () => setModal(openModal());
    follow();
    // A dialog's `toggle` (opened or closed) does not bubble: listened for on its way down.
    document.addEventListener('toggle', follow, true);
    return () => document.removeEventListener('toggle', follow, true);
  }, []);
  const toaster = <Toaster {...props} />;
  return modal ? createPortal(toaster, modal) : toaster;
}

import { useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { useStore } from '@nanostores/react';
import { takeFlashToast } from '#src/stores/flashInbox.ts';
import type SonnerToaster from './ToasterAboveDialogs.tsx';
import { $toastRaised, toast } from './toast.ts';

/**
 * Sonner's rich colours give 4.25:1 (success) and 4.34:1 (error) on their tinted backgrounds, under
 * WCAG AA's 4.5:1: the text takes the theme's cardamom-deep and chili instead (about 10:1 and 7:1).
 */
const CONTRAST = {
  '--success-text': '#2b4229',
  '--error-text': '#a61b1b',
} as CSSProperties;

/** A phone's screen, where sonner draws toasts the whole width. */
const PHONE = '(width < 40rem)';

function subscribeToPhone(onChange: () => void): () => void {
  const query = matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The page's one toaster (sonner): bottom-left, clear of the right-hand column where the shop's
 * main actions stand on a desktop (checkout's Place Order, which a toast must never cover; Proceed
 * to Checkout; Add to Cart); on phones at the top (a toast at the bottom sits over what the shopper
 * presses next, above the on-screen keyboard or the buy bar), Alt+T, labelled 'Notifications'.
 * Islands raise toasts with `./toast`; `toast.error` is the destructive style. A toast queued by the
 * page before (a redirect's flash) is shown on arrival.
 */
export default function Toaster() {
  // Hydrates as the server rendered it (nothing), even when a click that hydrates the toaster has
  // already raised a toast; the toast shows on the render after.
  const raised = useStore($toastRaised, { ssr: 'initial' });
  // Sonner's toaster, downloaded with the first toast (toasts raised before it mounts still show).
  const [Sonner, setSonner] = useState<typeof SonnerToaster>();
  const onPhone = useSyncExternalStore(
    subscribeToPhone,
    () => matchMedia(PHONE).matches,
    () => false,
  );
  useEffect(() => {
    const flash = takeFlashToast();
    if (!flash) return;
    const show = flash.kind === 'error' ? toast.error : toast.success;
    show(flash.title, flash.description ? { description: flash.description } : undefined);
  }, []);

  useEffect(() => {
    if (!raised || Sonner) return;
    let stopped = false;
    // Asked for again at once when the network failed it (as sonner is, in ./toast.ts).
    import('./ToasterAboveDialogs.tsx')
      .catch(() => import('./ToasterAboveDialogs.tsx'))
      .then(
        ({ default: loaded }) => {
          if (!stopped) setSonner(() => loaded);
        },
        (error: unknown) => {
          console.error('Could not load the toaster', error);
          // Both tries failed: the next toast asks for it again.
          $toastRaised.set(false);
        },
      );
    return () => {
      stopped = true;
    };
  }, [raised, Sonner]);

  if (!Sonner) return null;
  return (
    <Sonner
      position={onPhone ? 'top-center' : 'bottom-left'}
      // Above the buy bar of a narrow window that has one (--toast-room, set in global.css).
      offset={{ bottom: 'var(--toast-room, 24px)' }}
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel="Notifications"
      richColors
      closeButton
      style={CONTRAST}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}

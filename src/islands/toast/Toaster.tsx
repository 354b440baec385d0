import { useEffect, type CSSProperties } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { takeFlashToast } from '../../stores/flash';

/**
 * Sonner's rich colours give 4.25:1 (success) and 4.34:1 (error) on their tinted backgrounds, under
 * WCAG AA's 4.5:1: the text takes the theme's cardamom-deep and chili instead (about 10:1 and 7:1).
 */
const CONTRAST = {
  '--success-text': '#2b4229',
  '--error-text': '#a61b1b',
} as CSSProperties;

/**
 * The page's one toaster (sonner): bottom-right, Alt+T, labelled 'Notifications'. Islands raise
 * toasts with sonner's `toast`; `toast.error` is the destructive style.
 */
export default function Toaster() {
  useEffect(() => {
    const flash = takeFlashToast();
    if (!flash) return;
    const show = flash.kind === 'error' ? toast.error : toast.success;
    show(flash.title, flash.description ? { description: flash.description } : undefined);
  }, []);

  return (
    <Sonner
      position="bottom-right"
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel="Notifications"
      richColors
      closeButton
      style={CONTRAST}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}

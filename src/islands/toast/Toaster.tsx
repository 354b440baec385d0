import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { takeFlashToast } from '../../stores/flash';

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
      toastOptions={{ className: 'font-sans' }}
    />
  );
}

import { useState } from 'react';
import { toast } from '#src/islands/toast/toast.ts';
import { logout } from '#src/stores/auth.ts';
import { requestCode, verifyCode } from '#src/stores/signIn.ts';
import { flashToast } from '#src/stores/flash.ts';
import { completeRestockAfterSignIn } from '#src/stores/restock.ts';
import { STORAGE_REFUSED } from '#src/islands/common/notSaved.ts';
import { returnPath } from './returnPath.ts';

const STORAGE_HELP = `${STORAGE_REFUSED} Sign-in needs it: allow site storage and try again.`;

/** The code the shop texted: where to, the demo code to hint at (empty: none), and when another may be sent. */
interface SentCode {
  phone: string;
  /** The same phone as people write it. */
  shown: string;
  demoCode: string;
  resendAt: number;
}

/**
 * The sign-in screen's state and acts: the phone typed, the code sent and typed, and what each of
 * the shop's answers means for the shopper (the toasts, and where the page goes once signed in).
 * `leaving`: the code was accepted, or is being checked, and the page is on its way.
 */
export function useSignIn() {
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState('');
  const [sent, setSent] = useState<SentCode | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const sendCode = async (to: string) => {
    if (busy) return;
    setBusy(true);
    const result = await requestCode(to);
    setBusy(false);
    if (!result.ok) {
      setPhoneError(result.reason === 'invalid' ? result.message : '');
      const description = result.reason === 'storage' ? STORAGE_HELP : result.message;
      toast.error('Failed to send OTP', { id: 'send-otp', description });
      return;
    }
    setPhoneError('');
    setCode('');
    setSent({
      phone: result.phone,
      shown: result.shown,
      demoCode: result.demoCode,
      resendAt: Date.now() + result.resendIn * 1000,
    });
    toast.success('OTP Sent!', {
      id: 'send-otp',
      description: result.demoCode
        ? `Demo shop: no text is sent. Use code ${result.demoCode}.`
        : result.earlier
          ? `We texted a six-digit code to ${result.shown} a moment ago: enter it here.`
          : `We texted a six-digit code to ${result.shown}.`,
    });
  };

  const verify = async (typed: string) => {
    if (sent === null || busy || leaving) return;
    // Leaving from the start: the stored user arrives before the answer does, and this page must
    // not also send a signed-in shopper on (two navigations at once cancel each other).
    setLeaving(true);
    const result = await verifyCode(sent.phone, typed);
    if (result.ok && result.saved) {
      const restock = (await completeRestockAfterSignIn())
        ? { description: "We'll text you when it's back" }
        : {};
      flashToast({ kind: 'success', title: 'Welcome!', ...restock });
      location.assign(returnPath());
      return;
    }
    setLeaving(false);
    if (result.ok) {
      // Signed in, but this browser could not keep it: undo it on the shop too, and say why.
      await logout();
      toast.error("Couldn't keep you signed in", { id: 'verify-otp', description: STORAGE_HELP });
      return;
    }
    if (result.reason === 'wrong') {
      toast.error('Invalid OTP', { id: 'verify-otp', description: 'Please check and try again' });
      return;
    }
    const title = { expired: 'Code expired', ended: 'Too many tries', failed: "Couldn't sign you in" }[
      result.reason
    ];
    toast.error(title, { id: 'verify-otp', description: result.message });
    if (result.reason !== 'failed') setCode('');
  };

  const changePhone = () => {
    setSent(null);
    setCode('');
  };

  return { phone, setPhone, phoneError, sent, code, setCode, busy, leaving, sendCode, verify, changePhone };
}

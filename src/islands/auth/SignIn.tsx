import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { toast } from '#src/islands/toast/toast.ts';
import { $user, logout } from '#src/stores/auth.ts';
import { requestCode, verifyCode } from '#src/stores/signIn.ts';
import { safeReturnPath } from '#src/lib/returnPath.ts';
import { flashToast } from '#src/stores/flash.ts';
import { completeRestockAfterSignIn } from '#src/stores/restock.ts';
import { STORAGE_REFUSED } from '#src/islands/common/notSaved.ts';
import { useHydrated } from '#src/islands/common/useHydrated.ts';
import CodeStep from './CodeStep.tsx';
import PhoneStep from './PhoneStep.tsx';

const STORAGE_HELP = `${STORAGE_REFUSED} Sign-in needs it: allow site storage and try again.`;

/** Where to go once signed in: the `next` path on this site the page was asked for, else home. */
const returnPath = () => safeReturnPath(new URLSearchParams(location.search).get('next'));

/** On the way from the cart to checkout (its next stop), the page offers the way back to the cart. */
const fromCart = () => returnPath() === '/checkout';

/** The code the shop texted: where to, the demo code to hint at (empty: none), and when another may be sent. */
interface SentCode {
  phone: string;
  /** The same phone as people write it. */
  shown: string;
  demoCode: string;
  resendAt: number;
}

/**
 * The `/auth` screen: phone, then the one-time code, both checked by the shop. A shopper already
 * signed in goes on to where they were going; until the island knows, it shows the card's
 * outline rather than a form that may vanish.
 */
export default function SignIn() {
  const hydrated = useHydrated();
  const user = useStore($user, { ssr: 'initial' });
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState('');
  const [sent, setSent] = useState<SentCode | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const signedInAlready = user !== null && !leaving;
  useEffect(() => {
    if (hydrated && signedInAlready) location.replace(returnPath());
  }, [hydrated, signedInAlready]);

  if (!hydrated || signedInAlready) {
    // The outline holds the first step unseen, so it is as tall as the form that replaces it at
    // every width: the form comes without moving the page (at desktop widths, the column beside it
    // is centred on it).
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading sign-in"
        className="card animate-pulse p-6 sm:p-10"
      >
        <div className="invisible" inert aria-hidden="true">
          <PhoneStep phone="" error="" busy={false} onPhoneChange={() => {}} onSubmit={() => {}} />
        </div>
      </div>
    );
  }

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

  return (
    <div className="card p-6 sm:p-10">
      {sent === null ? (
        <PhoneStep
          phone={phone}
          error={phoneError}
          busy={busy}
          onPhoneChange={setPhone}
          onSubmit={() => void sendCode(phone)}
          toCart={fromCart()}
        />
      ) : (
        <CodeStep
          phone={sent.shown}
          demoCode={sent.demoCode}
          resendAt={sent.resendAt}
          code={code}
          busy={busy || leaving}
          onCodeChange={setCode}
          onSubmit={(typed) => void verify(typed)}
          onResend={() => void sendCode(sent.phone)}
          onChangePhone={changePhone}
          toCart={fromCart()}
        />
      )}
    </div>
  );
}

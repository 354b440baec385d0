import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { toast } from '../toast/toast';
import { $user, DEMO_CODE, logout, requestCode, verifyCode } from '../../stores/auth';
import { safeReturnPath } from '../../lib/returnPath';
import { flashToast } from '../../stores/flash';
import { STORAGE_REFUSED } from '../common/notSaved';
import { useHydrated } from '../common/useHydrated';
import CodeStep from './CodeStep';
import PhoneStep from './PhoneStep';

const STORAGE_HELP = `${STORAGE_REFUSED} Sign-in needs it: allow site storage and try again.`;

/** Where to go once signed in: the `next` path on this site the page was asked for, else home. */
const returnPath = () => safeReturnPath(new URLSearchParams(location.search).get('next'));

/**
 * The `/auth` screen: phone, then the one-time code. A shopper already signed in goes on to where
 * they were going; until the island knows, it shows the card's outline rather than a form that
 * may vanish.
 */
export default function SignIn() {
  const hydrated = useHydrated();
  const user = useStore($user, { ssr: 'initial' });
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [leaving, setLeaving] = useState(false);

  const signedInAlready = user !== null && !leaving;
  useEffect(() => {
    if (hydrated && signedInAlready) location.replace(returnPath());
  }, [hydrated, signedInAlready]);

  if (!hydrated || signedInAlready) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading sign-in" className="card h-96 animate-pulse" />
    );
  }

  const sendCode = () => {
    const sent = requestCode(phone);
    if (!sent.ok || !sent.saved) {
      toast.error('Failed to send OTP', {
        id: 'send-otp',
        description: sent.ok ? STORAGE_HELP : 'Enter the phone number to send the code to.',
      });
      return;
    }
    setSentTo(phone.trim());
    toast.success('OTP Sent!', {
      id: 'send-otp',
      description: `Demo shop: no text is sent. Use code ${DEMO_CODE}.`,
    });
  };

  const verify = () => {
    if (sentTo === null || leaving) return;
    setLeaving(true);
    const result = verifyCode(sentTo, code);
    if (result.ok && result.saved) {
      flashToast({ kind: 'success', title: 'Welcome!' });
      location.assign(returnPath());
      return;
    }
    setLeaving(false);
    if (result.ok) {
      // Signed in in memory only: it would be gone on the next page, so undo it and say why.
      logout();
      toast.error("Couldn't keep you signed in", { id: 'verify-otp', description: STORAGE_HELP });
      return;
    }
    toast.error('Invalid OTP', { id: 'verify-otp', description: 'Please check and try again' });
  };

  const changePhone = () => {
    setSentTo(null);
    setCode('');
  };

  return (
    <div className="card p-6 sm:p-10">
      {sentTo === null ? (
        <PhoneStep phone={phone} onPhoneChange={setPhone} onSubmit={sendCode} />
      ) : (
        <CodeStep
          phone={sentTo}
          code={code}
          busy={leaving}
          onCodeChange={setCode}
          onSubmit={verify}
          onChangePhone={changePhone}
        />
      )}
    </div>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $user } from '#src/stores/auth.ts';
import { useHydrated } from '#src/islands/common/useHydrated.ts';
import CodeStep from './CodeStep.tsx';
import PhoneStep from './PhoneStep.tsx';
import { fromCart, returnPath } from './returnPath.ts';
import { useSignIn } from './useSignIn.ts';

/**
 * The `/auth` screen: phone, then the one-time code, both checked by the shop. A shopper already
 * signed in goes on to where they were going; until the island knows, it shows the card's
 * outline rather than a form that may vanish.
 */
export default function SignIn() {
  const hydrated = useHydrated();
  const user = useStore($user, { ssr: 'initial' });
  const { phone, setPhone, phoneError, sent, code, setCode, busy, leaving, sendCode, verify, changePhone } =
    useSignIn();

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

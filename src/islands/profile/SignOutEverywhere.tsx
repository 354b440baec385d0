import { useEffect, useRef, useState } from 'react';
import { flashToast } from '#src/stores/flash.ts';
import { logoutEverywhere } from '#src/stores/auth.ts';
import { toast } from '#src/islands/toast/toast.ts';

/**
 * Ends the account's sessions in every browser (a lost phone, a shared computer), this one too,
 * once the shopper confirms: every browser then has to sign in again.
 */
export default function SignOutEverywhere() {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const askButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  // The focus follows the question and comes back when it is put away.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (asked.current) askButton.current?.focus();
  }, [confirming]);

  async function signOut() {
    setBusy(true);
    const result = await logoutEverywhere();
    if (!result.ok) {
      setBusy(false);
      toast.error('Not signed out', { description: result.message });
      return;
    }
    flashToast({ kind: 'success', title: 'Signed out of all devices' });
    location.assign('/');
  }

  return (
    <section aria-labelledby="devices-heading" className="card p-5 sm:p-7">
      <h2 id="devices-heading" className="text-2xl">
        Devices
      </h2>
      <p className="text-ink-soft mt-2 max-w-prose text-sm">
        Signed in on a phone or computer you no longer use? Sign out everywhere, this browser included. You
        can sign in again with a new code.
      </p>
      {confirming ? (
        <div role="group" aria-labelledby="devices-confirm" className="bg-cream mt-5 rounded-xl p-4">
          <p id="devices-confirm" className="font-semibold">
            Sign out of every browser and phone, this one included?
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              ref={confirmButton}
              type="button"
              className="btn-primary"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void signOut()}
            >
              Yes, sign out everywhere
            </button>
            <button
              type="button"
              className="btn-outline"
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button
          ref={askButton}
          type="button"
          className="btn-outline mt-5"
          onClick={() => {
            asked.current = true;
            setConfirming(true);
          }}
        >
          Sign out of all devices
        </button>
      )}
    </section>
  );
}

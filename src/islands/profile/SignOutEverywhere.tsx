import { useState } from 'react';
import { flashToast } from '#src/stores/flash.ts';
import { logoutEverywhere } from '#src/stores/auth.ts';
import { toast } from '#src/islands/toast/toast.ts';

/** Ends the account's sessions in every browser (a lost phone, a shared computer), this one too. */
export default function SignOutEverywhere() {
  const [busy, setBusy] = useState(false);

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
      <button
        type="button"
        className="btn-outline mt-5"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void signOut()}
      >
        Sign out of all devices
      </button>
    </section>
  );
}

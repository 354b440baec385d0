import { useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { toast } from '#src/islands/toast/toast.ts';
import { $emailConfirmed, resendEmailConfirmation, saveProfile, type User } from '#src/stores/auth.ts';
import TextField from '#src/islands/account/TextField.tsx';
import { STORAGE_REFUSED } from '#src/islands/common/notSaved.ts';
import { unavailableWhile } from '#src/islands/common/keepFocus.ts';
import AvatarPicker from './AvatarPicker.tsx';

/** The Profile Information card: picture, read-only phone, name and email. */
export default function ProfileInfo({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [picture, setPicture] = useState(user.profilePicture);
  const [saving, setSaving] = useState(false);

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const result = await saveProfile({ name, email, profilePicture: picture });
    setSaving(false);
    if (result.ok) {
      const sent = result.confirmationSent
        ? { description: `We sent a link to confirm ${email.trim()}.` }
        : {};
      if (result.saved) toast.success('Profile updated successfully!', sent);
      else toast.error('Failed to update profile', { description: STORAGE_REFUSED });
      return;
    }
    toast.error('Failed to update profile', { description: result.message });
  }

  return (
    <section aria-labelledby="profile-info-heading" className="card p-5 sm:p-7">
      <h2 id="profile-info-heading" className="mb-6 text-2xl">
        Profile Information
      </h2>
      <form onSubmit={(event) => void save(event)} className="grid gap-5">
        <AvatarPicker picture={picture} name={name} onPicked={setPicture} />
        {picture !== user.profilePicture && (
          <p className="text-saffron-deep text-sm font-medium" role="status">
            New photo ready: Save Changes to keep it.
          </p>
        )}
        <TextField
          label="Phone Number"
          type="tel"
          value={user.phoneDisplay || user.phone}
          readOnly
          hint="Phone number cannot be changed"
        />
        <TextField label="Full Name" required autoComplete="name" value={name} onChange={setName} />
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        {user.email !== '' && email.trim().toLowerCase() === user.email && <EmailStatus email={user.email} />}
        <div>
          <button
            type="submit"
            className="btn-primary w-full sm:w-auto"
            {...unavailableWhile(saving)}
            aria-busy={saving}
          >
            Save Changes
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * Whether the saved address is confirmed (order emails go only to a confirmed one), said in words,
 * not only by colour; an unconfirmed one offers a new link.
 */
function EmailStatus({ email }: { email: string }) {
  const confirmed = useStore($emailConfirmed);
  const [sending, setSending] = useState(false);
  if (confirmed === null) return null;

  async function resend() {
    setSending(true);
    const result = await resendEmailConfirmation();
    setSending(false);
    if (result.ok) toast.success('Confirmation link sent', { description: result.message });
    else toast.error('No link sent', { description: result.message });
  }

  return confirmed ? (
    <p className="text-cardamom -mt-3 text-sm font-medium" data-email-status="confirmed">
      ✓ Confirmed: receipts and order news go to this address.
    </p>
  ) : (
    <div className="bg-cream -mt-2 rounded-xl px-4 py-3 text-sm" data-email-status="unconfirmed">
      <p>
        <strong>Not confirmed yet.</strong> Open the link we emailed to {email}; until then order news comes
        by text only.
      </p>
      <button
        type="button"
        className="text-saffron-deep mt-1 font-semibold underline underline-offset-2"
        {...unavailableWhile(sending)}
        aria-busy={sending}
        onClick={() => void resend()}
      >
        Send a new link
      </button>
    </div>
  );
}

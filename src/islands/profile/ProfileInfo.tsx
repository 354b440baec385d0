import { useState, type SubmitEvent } from 'react';
import { toast } from '#src/islands/toast/toast.ts';
import { saveProfile, type User } from '#src/stores/auth.ts';
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
      if (result.saved) toast.success('Profile updated successfully!');
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

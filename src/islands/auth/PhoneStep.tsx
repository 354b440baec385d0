import type { SubmitEvent } from 'react';
import { unavailableWhile } from '#src/islands/common/keepFocus.ts';

interface Props {
  phone: string;
  /** Why the shop refused the number, shown under the field. */
  error: string;
  /** True while the code is being sent. */
  busy: boolean;
  onPhoneChange: (phone: string) => void;
  onSubmit: () => void;
}

/** Step 1 of sign-in: the phone number the one-time code goes to. */
export default function PhoneStep({ phone, error, busy, onPhoneChange, onSubmit }: Props) {
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit}>
      <p className="eyebrow">Step 1 of 2</p>
      <h2 className="mt-3 text-3xl">Your phone number</h2>
      <p className="text-ink-soft mt-2">
        We&rsquo;ll send a six-digit code to sign you in or create your account.
      </p>
      <label htmlFor="phone" className="label mt-8">
        Phone number
      </label>
      <input
        id="phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        required
        autoFocus
        value={phone}
        onChange={(event) => onPhoneChange(event.target.value)}
        placeholder="+1 415 555 0100"
        aria-invalid={error !== '' || undefined}
        aria-describedby={error ? 'phone-error' : undefined}
        className="field"
      />
      {error && (
        <p id="phone-error" className="text-chili mt-2 text-sm" role="alert">
          {error}
        </p>
      )}
      <button type="submit" {...unavailableWhile(busy)} aria-busy={busy} className="btn-primary mt-6 w-full">
        Send OTP
      </button>
      <a
        href="/"
        className="text-ink-soft hover:text-ink mt-6 block text-center text-sm font-medium underline-offset-4 hover:underline"
      >
        Back to home
      </a>
    </form>
  );
}

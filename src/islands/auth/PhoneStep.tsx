import type { SubmitEvent } from 'react';
import { unavailableWhile } from '#src/islands/common/keepFocus.ts';

/**
 * The sign-in page's ways back, under either step: home, and the cart first for a shopper on the
 * way from it to checkout.
 */
export function WaysBack({ toCart }: { toCart: boolean }) {
  const link = 'text-ink-soft hover:text-ink underline-offset-4 hover:underline';
  return (
    <>
      {toCart && (
        <a href="/cart" className={link}>
          Back to cart
        </a>
      )}
      <a href="/" className={link}>
        Back to home
      </a>
    </>
  );
}

interface Props {
  phone: string;
  /** Why the shop refused the number, shown under the field. */
  error: string;
  /** True while the code is being sent. */
  busy: boolean;
  onPhoneChange: (phone: string) => void;
  onSubmit: () => void;
  /** Offer the way back to the cart too. */
  toCart?: boolean;
}

/** Step 1 of sign-in: the phone number the one-time code goes to. */
export default function PhoneStep(props: Props) {
  const { phone, error, busy, onPhoneChange, onSubmit, toCart = false } = props;
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
      <p className="mt-6 flex justify-center gap-6 text-sm font-medium">
        <WaysBack toCart={toCart} />
      </p>
    </form>
  );
}

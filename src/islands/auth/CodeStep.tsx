import type { ClipboardEvent, SubmitEvent } from 'react';
import { CODE_LENGTH, isCodeComplete } from '../../stores/auth';

interface Props {
  /** Where the code went, as the shopper typed it (trimmed). */
  phone: string;
  code: string;
  /** True once the code is accepted and the page is on its way home. */
  busy: boolean;
  onCodeChange: (code: string) => void;
  onSubmit: () => void;
  onChangePhone: () => void;
}

/** Digits only, at most six: typing letters does nothing, a pasted "123 456" becomes 123456. */
function digitsOf(text: string): string {
  return text.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

/** Step 2 of sign-in: the six-digit one-time code. */
export default function CodeStep({ phone, code, busy, onCodeChange, onSubmit, onChangePhone }: Props) {
  const complete = isCodeComplete(code);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (complete) onSubmit();
  };
  // A pasted whole code replaces what was typed, whatever the caret position.
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = digitsOf(event.clipboardData.getData('text'));
    if (pasted.length === 0) return;
    event.preventDefault();
    onCodeChange(pasted);
  };

  return (
    <form onSubmit={submit}>
      <p className="eyebrow">Step 2 of 2</p>
      <h2 className="mt-3 text-3xl">Enter your code</h2>
      <p className="mt-2 text-ink-soft">
        We sent a six-digit code to <strong className="font-semibold break-all text-ink">{phone}</strong>.
      </p>
      <label htmlFor="otp" className="label mt-8">
        Six-digit code
      </label>
      <input
        id="otp"
        name="otp"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        required
        autoFocus
        value={code}
        onChange={(event) => onCodeChange(digitsOf(event.target.value))}
        onPaste={paste}
        aria-describedby="otp-hint"
        placeholder="••••••"
        className="field indent-[0.5em] text-center font-display text-3xl font-semibold tracking-[0.5em] tabular-nums placeholder:text-sand"
      />
      <p id="otp-hint" className="mt-3 rounded-xl bg-turmeric/15 px-4 py-3 text-sm text-ink">
        Test mode: use code 123456
      </p>
      <button type="submit" disabled={!complete || busy} className="btn-primary mt-6 w-full">
        Verify OTP
      </button>
      <div className="mt-6 flex flex-col items-center gap-3 text-sm font-medium sm:flex-row sm:justify-between">
        <button
          type="button"
          onClick={onChangePhone}
          disabled={busy}
          className="text-saffron-deep underline-offset-4 hover:underline"
        >
          Change phone number
        </button>
        <a href="/" className="text-ink-soft underline-offset-4 hover:text-ink hover:underline">
          Back to home
        </a>
      </div>
    </form>
  );
}

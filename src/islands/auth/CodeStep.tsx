import type { ClipboardEvent, SubmitEvent } from 'react';
import { CODE_LENGTH, DEMO_CODE, isCodeComplete } from '../../stores/auth';

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
      <p className="text-ink-soft mt-2">
        We sent a six-digit code to{' '}
        <strong className="text-ink inline-block max-w-full font-semibold [overflow-wrap:anywhere]">
          {phone}
        </strong>
        .
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
        className="field font-display placeholder:text-sand text-center indent-[0.5em] text-3xl font-semibold tracking-[0.5em] tabular-nums"
      />
      <p id="otp-hint" className="bg-turmeric/15 text-ink mt-3 rounded-xl px-4 py-3 text-sm">
        {`Test mode: use code ${DEMO_CODE}`}
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
        <a href="/" className="text-ink-soft hover:text-ink underline-offset-4 hover:underline">
          Back to home
        </a>
      </div>
    </form>
  );
}

import { useEffect, useRef, type ClipboardEvent, type SubmitEvent } from 'react';
import { codeDigits, isCodeComplete } from '#src/stores/signIn.ts';
import { useSecondsUntil } from '#src/islands/common/useSecondsUntil.ts';
import { unavailableWhile } from '#src/islands/common/keepFocus.ts';
import { WaysBack } from './PhoneStep.tsx';

interface Props {
  /** Where the code went, as the shop writes the number. */
  phone: string;
  /** The demo code a demo shop's answer carried, for the hint to give (empty: not a demo shop). */
  demoCode: string;
  /** When (epoch ms) the shop will send another code. */
  resendAt: number;
  code: string;
  /** True while the code is checked, and once it is accepted and the page is on its way. */
  busy: boolean;
  onCodeChange: (code: string) => void;
  /** Checks `code`: pressed, or at once when its sixth digit is typed or pasted. */
  onSubmit: (code: string) => void;
  onResend: () => void;
  onChangePhone: () => void;
  /** Offer the way back to the cart too. */
  toCart?: boolean;
}

/** Step 2 of sign-in: the six-digit one-time code. */
export default function CodeStep(props: Props) {
  const { phone, demoCode, resendAt, code, busy, onCodeChange, onSubmit, onResend, onChangePhone } = props;
  const { toCart = false } = props;
  const complete = isCodeComplete(code);
  const wait = useSecondsUntil(resendAt);
  const codeField = useRef<HTMLInputElement>(null);
  // The field takes the focus whenever a code was sent: on arrival, and after Resend, whose button
  // gives way to the countdown.
  useEffect(() => codeField.current?.focus(), [resendAt]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (complete) onSubmit(code);
  };
  // The sixth digit sends the code: there is nothing more to press.
  const change = (next: string) => {
    onCodeChange(next);
    if (isCodeComplete(next) && next !== code && !busy) onSubmit(next);
  };
  // A pasted whole code replaces what was typed, whatever the caret position.
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = codeDigits(event.clipboardData.getData('text'));
    if (pasted.length === 0) return;
    event.preventDefault();
    change(pasted);
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
        ref={codeField}
        value={code}
        onChange={(event) => change(codeDigits(event.target.value))}
        onPaste={paste}
        aria-describedby="otp-hint"
        placeholder="••••••"
        className="field font-display placeholder:text-sand text-center indent-[0.5em] text-3xl font-semibold tracking-[0.5em] tabular-nums"
      />
      {demoCode ? (
        <p id="otp-hint" className="bg-turmeric/15 text-ink mt-3 rounded-xl px-4 py-3 text-sm">
          {`Test mode: use code ${demoCode}`}
        </p>
      ) : (
        <p id="otp-hint" className="text-ink-soft mt-3 text-sm">
          The code works for 10 minutes.
        </p>
      )}
      <button type="submit" {...unavailableWhile(!complete || busy)} className="btn-primary mt-6 w-full">
        Verify OTP
      </button>
      <p className="text-ink-soft mt-4 text-center text-sm">
        {wait > 0 ? (
          `Resend code in ${wait} s`
        ) : (
          <button
            type="button"
            onClick={onResend}
            {...unavailableWhile(busy)}
            className="text-saffron-deep font-medium underline-offset-4 hover:underline"
          >
            Resend code
          </button>
        )}
      </p>
      <div className="mt-6 flex flex-col items-center gap-3 text-sm font-medium sm:flex-row sm:justify-between">
        <button
          type="button"
          onClick={onChangePhone}
          disabled={busy}
          className="text-saffron-deep underline-offset-4 hover:underline"
        >
          Change phone number
        </button>
        <WaysBack toCart={toCart} />
      </div>
    </form>
  );
}

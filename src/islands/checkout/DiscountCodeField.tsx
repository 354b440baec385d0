import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { describeOff } from '#src/lib/discounts.ts';
import { $discount, applyDiscountCode, removeDiscount } from '#src/stores/discount.ts';

interface Props {
  /** A refusal that came back with Place Order (the code was used up meanwhile, say). */
  refusal?: string | undefined;
  /** The shopper types again: the refusal above is old news. */
  onTyping: () => void;
  /** The session ended while checking: the page sends the shopper to sign in. */
  onSignedOut: () => void;
}

/** "Discount code" and Apply, in the summary; once applied, the code with Remove. */
export default function DiscountCodeField({ refusal, onTyping, onSignedOut }: Props) {
  const discount = useStore($discount);
  const [typed, setTyped] = useState('');
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<string>();
  const id = useId();
  const shown = message ?? refusal;

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    const applied = await applyDiscountCode(typed);
    setChecking(false);
    if (applied.ok) {
      setTyped('');
      setMessage(undefined);
      onTyping();
    } else if (applied.reason === 'signed-out') onSignedOut();
    else setMessage(applied.message);
  }

  if (discount) {
    return (
      <div className="border-line mt-5 flex flex-wrap items-center justify-between gap-2 rounded-xl border px-4 py-3 text-sm">
        <p role="status">
          <span className="font-semibold">{discount.terms.code}</span> applied:{' '}
          {describeOff(discount.terms.off)}
          {discount.short && <span className="text-chili block">{discount.short}</span>}
        </p>
        <button
          type="button"
          className="text-ink-soft hover:text-ink underline underline-offset-2"
          onClick={() => {
            removeDiscount();
            setMessage(undefined);
          }}
        >
          Remove<span className="sr-only"> the code {discount.terms.code}</span>
        </button>
      </div>
    );
  }
  return (
    // A form of its own: Enter in the field applies the code, never places the order.
    <form className="mt-5" onSubmit={(event) => void apply(event)} noValidate>
      <label htmlFor={id} className="label">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="discount-code"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setMessage(undefined);
            onTyping();
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          className="field min-w-0 flex-1 uppercase placeholder:normal-case"
        />
        <button type="submit" className="btn-outline shrink-0" aria-busy={checking}>
          {checking ? 'Checking...' : 'Apply'}
        </button>
      </div>
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-chili mt-1.5 text-sm">
          {shown}
        </p>
      )}
    </form>
  );
}

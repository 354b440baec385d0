import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { describeOff } from '#src/lib/discounts.ts';
import {
  $discount,
  $discountRefusal,
  applyDiscountCode,
  forgetDiscountRefusal,
  removeDiscount,
} from '#src/stores/discount.ts';

/** "Discount code" and Apply, in the summary; once applied, the code with Remove. */
export default function DiscountCodeField({ onSignedOut }: { onSignedOut: () => void }) {
  const discount = useStore($discount);
  const refusal = useStore($discountRefusal);
  const [typed, setTyped] = useState('');
  const [checking, setChecking] = useState(false);
  const id = useId();

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    const applied = await applyDiscountCode(typed);
    setChecking(false);
    if (applied.ok) setTyped('');
    else if (applied.reason === 'signed-out') onSignedOut();
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
          onClick={removeDiscount}
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
            forgetDiscountRefusal();
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-error` : undefined}
          className="field min-w-0 flex-1 uppercase placeholder:normal-case"
        />
        <button type="submit" className="btn-outline shrink-0" aria-busy={checking}>
          {checking ? 'Checking...' : 'Apply'}
        </button>
      </div>
      {refusal && (
        <p id={`${id}-error`} role="alert" className="text-chili mt-1.5 text-sm">
          {refusal}
        </p>
      )}
    </form>
  );
}

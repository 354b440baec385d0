import { useId } from 'react';
import { MAX_QUANTITY } from '#src/lib/quantity.ts';
import { MinusIcon, PlusIcon } from '#src/islands/common/icons.tsx';
import { unavailableWhile } from '#src/islands/common/keepFocus.ts';

interface Props {
  value: number;
  /** The most it takes: MAX_QUANTITY, or fewer when the merchant counts fewer left. */
  max?: number;
  onChange: (quantity: number) => void;
}

const STEP =
  'text-ink hover:bg-cream grid size-11 place-items-center rounded-full aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

/** How many packs Add to Cart and Buy Now take: a number field with one-step buttons. */
export default function QuantityPicker({ value, max = MAX_QUANTITY, onChange }: Props) {
  const id = useId();
  /** A whole number from 1 to `max`, whatever was typed. */
  const within = (typed: number) => Math.min(max, Math.max(1, Math.trunc(typed) || 1));
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium">
        Quantity
      </label>
      <div className="border-line inline-flex items-center rounded-full border bg-white">
        <button
          type="button"
          aria-label="One less"
          {...unavailableWhile(value <= 1)}
          onClick={() => onChange(within(value - 1))}
          className={STEP}
        >
          <MinusIcon className="size-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          onChange={(event) => onChange(within(Number(event.target.value)))}
          className="w-12 [appearance:textfield] bg-transparent text-center font-semibold tabular-nums [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label="One more"
          {...unavailableWhile(value >= max)}
          onClick={() => onChange(within(value + 1))}
          className={STEP}
        >
          <PlusIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}

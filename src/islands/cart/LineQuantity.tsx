import type { CartLine } from '#src/stores/cart.ts';
import { MinusIcon, PlusIcon } from '#src/islands/common/icons.tsx';
import { unavailableWhile } from '#src/islands/common/keepFocus.ts';

interface Props {
  line: CartLine;
  /** The line's name, which its buttons name themselves by. */
  nameId: string;
  /** The most it takes: "+" stops there. */
  most: number;
  /** The quantity asked for; 0 takes the line out. */
  onChange: (quantity: number) => void;
}

/** A cart line's quantity, with one-step buttons. */
export default function LineQuantity({ line, nameId, most, onChange }: Props) {
  return (
    <div className="border-line inline-flex items-center rounded-full border bg-white">
      <button
        type="button"
        aria-label="Decrease quantity"
        aria-describedby={nameId}
        onClick={() => onChange(line.quantity - 1)}
        className={STEP}
      >
        <MinusIcon className="size-4" />
      </button>
      <output aria-label={`Quantity of ${line.name}`} className="w-8 text-center font-semibold tabular-nums">
        {line.quantity}
      </output>
      <button
        type="button"
        aria-label="Increase quantity"
        aria-describedby={nameId}
        {...unavailableWhile(line.quantity >= most)}
        onClick={() => onChange(line.quantity + 1)}
        className={STEP}
      >
        <PlusIcon className="size-4" />
      </button>
    </div>
  );
}

const STEP =
  'grid size-11 place-items-center rounded-full text-ink-soft hover:bg-cream hover:text-ink aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

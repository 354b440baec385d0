import { useId } from 'react';
import { GIFT_NOTE_MAX } from '#src/lib/shapes/orders.ts';

interface Props {
  gift: boolean;
  note: string;
  onGift: (gift: boolean) => void;
  onNote: (note: string) => void;
}

/** "This is a gift" and, once ticked, the note that goes with it (the packing slip shows no prices). */
export default function GiftNote({ gift, note, onGift, onNote }: Props) {
  const id = useId();
  const left = GIFT_NOTE_MAX - [...note].length;
  return (
    <div className="mt-5">
      <label className="flex items-center gap-2.5 text-sm font-semibold">
        <input
          type="checkbox"
          checked={gift}
          onChange={(event) => onGift(event.target.checked)}
          className="accent-saffron size-4"
        />
        This is a gift
      </label>
      {gift && (
        <div className="mt-3">
          <label htmlFor={id} className="label">
            Gift note
          </label>
          <textarea
            id={id}
            value={note}
            onChange={(event) => onNote([...event.target.value].slice(0, GIFT_NOTE_MAX).join(''))}
            rows={3}
            aria-describedby={`${id}-hint`}
            className="field resize-y"
          />
          <p id={`${id}-hint`} className="text-ink-soft mt-1.5 text-xs">
            Printed on the packing slip, which shows no prices. {left} character{left === 1 ? '' : 's'} left.
          </p>
        </div>
      )}
    </div>
  );
}

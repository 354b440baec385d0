import { useState } from 'react';
import { StarIcon } from '#src/islands/common/icons.tsx';

interface Props {
  value: number;
  onChange: (rating: number) => void;
  /** The id of the message saying what is wrong with the rating, when something is. */
  errorId?: string | undefined;
}

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * 1 to 5 stars as a native radio group: the arrow keys move between them and a screen reader
 * names each ("4 stars"); the stars up to the one pointed at or chosen are filled.
 */
export default function StarRatingInput({ value, onChange, errorId }: Props) {
  const [pointed, setPointed] = useState(0);
  const shown = pointed || value;
  return (
    <fieldset aria-describedby={errorId} aria-invalid={errorId ? true : undefined}>
      <legend className="label">
        Your rating<span aria-hidden="true"> *</span>
      </legend>
      <div className="flex gap-1" onPointerLeave={() => setPointed(0)}>
        {STARS.map((star) => (
          <label
            key={star}
            onPointerEnter={() => setPointed(star)}
            className="has-focus-visible:outline-saffron relative grid size-11 place-items-center rounded-full has-focus-visible:outline-2"
          >
            {/* The native radio covers its star, unseen: a click or tap on the star is one on it. */}
            <input
              type="radio"
              name="rating"
              value={star}
              checked={value === star}
              required
              onChange={() => onChange(star)}
              // The form opens onto its first question: the stars chosen, else the first.
              autoFocus={star === (value || 1)}
              className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <span className="sr-only">{star === 1 ? '1 star' : `${star} stars`}</span>
            <StarIcon className={`size-8 ${star <= shown ? 'text-saffron' : 'text-sand'}`} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

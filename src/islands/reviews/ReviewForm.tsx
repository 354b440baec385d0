import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ReviewProblems } from '#src/lib/reviews.ts';
import { REVIEW_LIMITS } from '#src/lib/shapes/review.ts';
import type { ReviewDraft } from '#src/lib/shapes/review.schema.ts';
import { sendReview } from '#src/stores/reviews.ts';
import { toast } from '#src/islands/toast/toast.ts';
import { unavailableWhile } from '#src/islands/common/keepFocus.ts';
import StarRatingInput from './StarRatingInput.tsx';

interface Props {
  productId: string;
  /** The review being edited, or an empty draft. */
  initial: ReviewDraft;
  onSaved: () => void;
  onCancel: () => void;
}

/** Stars, title and text of the shopper's review, each with its own error; sends it on submit. */
export default function ReviewForm({ productId, initial, onSaved, onCancel }: Props) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<ReviewProblems>({});
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Each refusal with problems moves focus to the first field named, whose error it then reads.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const invalid = form.current?.querySelector('[aria-invalid="true"]');
    const field = invalid instanceof HTMLFieldSetElement ? invalid.querySelector('input') : invalid;
    if (field instanceof HTMLElement) field.focus();
  }, [refusals]);
  const change = (patch: Partial<ReviewDraft>) => setDraft({ ...draft, ...patch });
  // Stars chosen answer "choose from 1 to 5 stars": that error goes at once, not at the next try.
  const problem = (field: keyof ReviewDraft) =>
    field === 'rating' && draft.rating > 0 ? undefined : problems[field];
  const errorId = (field: keyof ReviewDraft) => (problem(field) ? `${id}-${field}-error` : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    const result = await sendReview(productId, draft);
    setSending(false);
    setProblems(result.ok ? {} : result.problems);
    if (result.ok) {
      toast.success(result.message);
      onSaved();
    } else if (Object.keys(result.problems).length === 0) toast.error(result.message);
    else setRefusals((count) => count + 1);
  };

  const error = (field: keyof ReviewDraft) =>
    problem(field) && (
      <p id={errorId(field)} className="text-chili mt-1.5 text-sm font-medium">
        {problem(field)}
      </p>
    );
  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <div>
        <StarRatingInput
          value={draft.rating}
          onChange={(rating) => change({ rating })}
          errorId={errorId('rating')}
        />
        {error('rating')}
      </div>
      <div>
        <label htmlFor={`${id}-title`} className="label">
          Title <span className="text-ink-soft font-normal">(optional)</span>
        </label>
        <input
          id={`${id}-title`}
          value={draft.title}
          onChange={(event) => change({ title: event.target.value })}
          aria-invalid={problems.title ? true : undefined}
          aria-describedby={errorId('title')}
          className="field"
        />
        {error('title')}
      </div>
      <div>
        <label htmlFor={`${id}-text`} className="label">
          Your review <span className="text-ink-soft font-normal">(optional)</span>
        </label>
        <textarea
          id={`${id}-text`}
          value={draft.text}
          rows={5}
          onChange={(event) => change({ text: event.target.value })}
          aria-invalid={problems.text ? true : undefined}
          aria-describedby={`${id}-text-count ${errorId('text') ?? ''}`.trim()}
          className="field resize-y"
        />
        <p id={`${id}-text-count`} className="text-ink-soft mt-1.5 text-xs">
          {[...draft.text].length.toLocaleString('en-US')} of {REVIEW_LIMITS.text.toLocaleString('en-US')}{' '}
          characters
        </p>
        {error('text')}
      </div>
      <p className="text-ink-soft text-sm">We read every review before it appears.</p>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" {...unavailableWhile(sending)}>
          {sending ? 'Sending...' : 'Submit review'}
        </button>
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

import type { Ref } from 'react';
import type { OwnReview } from '#src/stores/reviews.ts';

interface Props {
  review: OwnReview;
  onEdit: () => void;
  onDelete: () => void;
  /** The card's heading, which takes the focus when the form closes onto the card. */
  headingRef: Ref<HTMLHeadingElement>;
}

/** Where the shopper's review stands, in their words. */
const STATE_NOTE: Record<OwnReview['state'], string> = {
  pending: 'Waiting for us to read it',
  approved: 'Published',
  hidden: 'Not shown on the shop',
};

/** The shopper's own review: stars, title, where it stands, and Edit and Delete. */
export default function OwnReviewCard({ review, onEdit, onDelete, headingRef }: Props) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 ref={headingRef} tabIndex={-1} className="text-lg">
          Your review
        </h3>
        <span className="bg-cream text-ink rounded-full px-3 py-1 text-xs font-semibold">
          {STATE_NOTE[review.state]}
        </span>
      </div>
      <p className="text-saffron tracking-wider" aria-label={`${review.rating} out of 5 stars`} role="img">
        {'★'.repeat(review.rating)}
        <span className="text-sand">{'★'.repeat(5 - review.rating)}</span>
      </p>
      {review.title && <p className="font-semibold">{review.title}</p>}
      {review.text && <p className="text-ink-soft line-clamp-4 text-sm whitespace-pre-line">{review.text}</p>}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-outline min-h-11 px-5" onClick={onEdit}>
          Edit review
        </button>
        <button type="button" className="btn-outline min-h-11 px-5" onClick={onDelete}>
          Delete review
        </button>
      </div>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { signInPath } from '#src/lib/returnPath.ts';
import { WRITE_REVIEW_ANCHOR } from '#src/lib/reviews.ts';
import { $reviewAccess, loadReviewAccess, removeReview } from '#src/stores/reviews.ts';
import { toast } from '#src/islands/toast/toast.ts';
import { unavailableWhile, useFocusAfterDraw } from '#src/islands/common/keepFocus.ts';
import OwnReviewCard from './OwnReviewCard.tsx';
import ReviewForm from './ReviewForm.tsx';

interface Props {
  productId: string;
}

const EMPTY_DRAFT = { rating: 0, title: '', text: '' };
/** Focus keys of what the form closes onto: the shopper's review, or Write a review. */
const OWN_REVIEW = 'own';
const WRITE = 'write';

/**
 * Where a shopper acts on a product's reviews: a sign-in link, why they cannot review yet, the
 * button that opens the form, or their own review with Edit and Delete.
 */
export default function WriteReview({ productId }: Props) {
  const access = useStore($reviewAccess, { ssr: 'initial' });
  const [editing, setEditing] = useState(false);
  const [retrying, setRetrying] = useState(false);
  // A closing form or a deleted review takes the focus with it: it goes to what is drawn instead.
  const focus = useFocusAfterDraw();
  useEffect(() => {
    void loadReviewAccess(productId);
  }, [productId]);
  // Come from a delivered order's "Write a review" (`#write-review`), the form opens by itself
  // as soon as the shop says the shopper may review, until they close it.
  const [fromOrder, setFromOrder] = useState(
    // The server draws no hash: only the browser knows the address it came by.
    () => typeof location !== 'undefined' && location.hash === `#${WRITE_REVIEW_ANCHOR}`,
  );

  const remove = async () => {
    const result = await removeReview(productId);
    if (result.ok) {
      focus.later(WRITE);
      toast.success(result.message);
    } else toast.error(result.message);
  };

  // The shop could not be asked: the shopper may ask again without leaving the page, and the
  // focus, on Try again, goes to what the answer draws.
  const retry = async () => {
    setRetrying(true);
    await loadReviewAccess(productId);
    setRetrying(false);
    const now = $reviewAccess.get();
    if (now.status === 'may-review') focus.later(now.review ? OWN_REVIEW : WRITE);
  };

  if (access.status === 'loading')
    return <p className="text-ink-soft text-sm">Checking whether you can review...</p>;
  if (access.status === 'failed')
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-ink-soft text-sm">{access.message}</p>
        <button
          type="button"
          className="btn-outline"
          onClick={() => void retry()}
          {...unavailableWhile(retrying)}
        >
          {retrying ? 'Trying again...' : 'Try again'}
        </button>
      </div>
    );
  if (access.status === 'signed-out') {
    return (
      <p className="text-ink-soft text-sm">
        Bought this?{' '}
        <a
          href={signInPath(`${location.pathname}#reviews`)}
          className="text-saffron-deep font-semibold underline"
        >
          Sign in
        </a>{' '}
        to write a review.
      </p>
    );
  }
  if (access.status === 'not-buyer') {
    return (
      <p className="text-ink-soft text-sm">
        Only buyers of this product can review it: once an order of it has been delivered, you can write one
        here.
      </p>
    );
  }
  if (editing || fromOrder) {
    const closeOnto = (key: string) => {
      focus.later(key);
      setEditing(false);
      setFromOrder(false);
    };
    return (
      <ReviewForm
        productId={productId}
        initial={access.review ?? EMPTY_DRAFT}
        onSaved={() => closeOnto(OWN_REVIEW)}
        onCancel={() => closeOnto(access.review ? OWN_REVIEW : WRITE)}
      />
    );
  }
  if (access.review)
    return (
      <OwnReviewCard
        review={access.review}
        onEdit={() => setEditing(true)}
        onDelete={() => void remove()}
        headingRef={focus.target(OWN_REVIEW)}
      />
    );
  return (
    <button
      type="button"
      ref={focus.target(WRITE)}
      className="btn-primary w-full sm:w-auto"
      onClick={() => setEditing(true)}
    >
      Write a review
    </button>
  );
}

import { atom } from 'nanostores';
import { reviewProblems, type ProductRatings, type ReviewProblems } from '#src/lib/reviews.ts';
import type { OwnReview, ReviewDraft } from '#src/lib/shapes/review.schema.ts';
import { $user, sessionEnded } from './authState.ts';
import { isRecord } from './shapes.ts';
import { askShop, messageOf } from './shop.ts';

export type { OwnReview };

/**
 * What the shopper may do about a product's reviews: sign in first; nothing, not having had an
 * order of it delivered; or write (and then edit or delete) their one review.
 */
export type ReviewAccess =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'not-buyer' }
  | { status: 'may-review'; review: OwnReview | null }
  | { status: 'failed'; message: string };

/**
 * Who may review, from what the shop said: a buyer with a delivered order, or whoever already
 * wrote a review (to edit or delete it).
 */
function reviewAccess(signedIn: boolean, mayReview: boolean, review: OwnReview | null): ReviewAccess {
  if (!signedIn) return { status: 'signed-out' };
  return mayReview || review ? { status: 'may-review', review } : { status: 'not-buyer' };
}

/** The shopper's access to the reviews of the product page they are on. */
export const $reviewAccess = atom<ReviewAccess>({ status: 'loading' });

const ownReviewApi = (productId: string) => `/api/v1/account/reviews/${encodeURIComponent(productId)}`;

const UNREACHABLE = 'We could not reach the shop. Please try again.';

/** A review as the shop sent it, or null when it is not one. */
function parseOwnReview(value: unknown): OwnReview | null {
  if (!isRecord(value)) return null;
  const { rating, title, text, state, date } = value;
  if (typeof rating !== 'number' || typeof title !== 'string' || typeof text !== 'string') return null;
  if (state !== 'pending' && state !== 'approved' && state !== 'hidden') return null;
  return { rating, title, text, state, date: typeof date === 'string' ? date : '' };
}

/** Asks the shop whether the signed-in shopper may review the product, and for their review. */
export async function loadReviewAccess(productId: string): Promise<void> {
  if (!$user.get()) return $reviewAccess.set(reviewAccess(false, false, null));
  const answer = await askShop(ownReviewApi(productId));
  if (answer?.status === 401) {
    sessionEnded();
    return $reviewAccess.set(reviewAccess(false, false, null));
  }
  if (answer?.status !== 200)
    return $reviewAccess.set({ status: 'failed', message: messageOf(answer, UNREACHABLE) });
  const review = parseOwnReview(answer.body['review']);
  $reviewAccess.set(reviewAccess(true, answer.body['mayReview'] === true, review));
}

export type ReviewResult =
  { ok: true; message: string } | { ok: false; problems: ReviewProblems; message: string };

/** Sends the shopper's review (new or edited); it waits for the merchant before anyone sees it. */
export async function sendReview(productId: string, draft: ReviewDraft): Promise<ReviewResult> {
  const problems = reviewProblems(draft);
  if (Object.keys(problems).length > 0)
    return { ok: false, problems, message: Object.values(problems).join(' ') };
  const answer = await askShop(ownReviewApi(productId), { method: 'PUT', json: draft });
  if (answer?.status === 401) sessionEnded();
  const review = answer?.status === 200 ? parseOwnReview(answer.body['review']) : null;
  if (!review) {
    const message = messageOf(answer, UNREACHABLE);
    if (answer?.status === 401 || answer?.status === 403) await loadReviewAccess(productId);
    return { ok: false, problems: {}, message };
  }
  $reviewAccess.set({ status: 'may-review', review });
  return { ok: true, message: messageOf(answer, 'Review saved.') };
}

/** Deletes the shopper's review of the product. */
export async function removeReview(productId: string): Promise<{ ok: boolean; message: string }> {
  const answer = await askShop(ownReviewApi(productId), { method: 'DELETE' });
  await loadReviewAccess(productId);
  return answer?.status === 200
    ? { ok: true, message: 'Review deleted.' }
    : { ok: false, message: messageOf(answer, UNREACHABLE) };
}

/** The approved reviews' summary of every product, from the one address every page shares (kept a minute). */
export async function loadRatings(): Promise<ProductRatings> {
  const answer = await askShop('/api/v1/reviews/summary');
  const ratings = answer?.body['ratings'];
  if (!isRecord(ratings)) return {};
  const valid: ProductRatings = {};
  for (const [productId, rating] of Object.entries(ratings)) {
    if (isRecord(rating) && typeof rating['average'] === 'number' && typeof rating['count'] === 'number') {
      valid[productId] = { average: rating['average'], count: rating['count'] };
    }
  }
  return valid;
}

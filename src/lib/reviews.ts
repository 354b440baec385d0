import type { ReviewDraft } from './shapes/review.schema.ts';
import { RATING_PROBLEM, REVIEW_LIMITS } from './shapes/review.ts';

/** Approved reviews per page of a product's list, newest first. */
export const REVIEWS_PER_PAGE = 10;

/** The product page's address fragment that opens its review form (`/products/cumin-seeds#write-review`). */
export const WRITE_REVIEW_ANCHOR = 'write-review';

/** The fields of a draft with what is wrong with each, in the words the shop's API uses too. */
export type ReviewProblems = Partial<Record<keyof ReviewDraft, string>>;

/** Counted as the server counts: code points, after trimming. */
const length = (value: string) => [...value.trim()].length;

/** What keeps a draft from being sent (empty when it may be). */
export function reviewProblems({ rating, title, text }: ReviewDraft): ReviewProblems {
  const problems: ReviewProblems = {};
  if (!isRating(rating)) problems.rating = RATING_PROBLEM;
  if (length(title) > REVIEW_LIMITS.title) {
    problems.title = `Title must be at most ${REVIEW_LIMITS.title} characters.`;
  }
  if (length(text) > REVIEW_LIMITS.text) {
    problems.text = `Review text must be at most ${REVIEW_LIMITS.text.toLocaleString('en-US')} characters.`;
  }
  return problems;
}

const isRating = (value: number) => Number.isInteger(value) && value >= 1 && value <= 5;

/** A product's approved reviews in figures: average to one decimal, count, and count per star. */
export interface RatingSummary {
  average: number;
  count: number;
  /** How many gave 1, 2, 3, 4 and 5 stars, in that order. */
  stars: [number, number, number, number, number];
}

/** The summary of star counts (`stars[0]` one-star reviews ... `stars[4]` five-star ones). */
export function ratingSummary(stars: readonly number[]): RatingSummary {
  const counts = [1, 2, 3, 4, 5].map((star) => stars[star - 1] ?? 0) as RatingSummary['stars'];
  const count = counts.reduce((sum, n) => sum + n, 0);
  const total = counts.reduce((sum, n, index) => sum + n * (index + 1), 0);
  return { average: count === 0 ? 0 : Math.round((total / count) * 10) / 10, count, stars: counts };
}

/** Each reviewed product's average and count: what catalogue cards show and the Rating sort reads. */
export type ProductRatings = Record<string, Pick<RatingSummary, 'average' | 'count'>>;

/** A rating as five stars, the average rounded to whole ones ("★★★★☆"). */
export function starsText(rating: number): string {
  const filled = Math.min(5, Math.max(0, Math.round(rating)));
  return '★'.repeat(filled) + '☆'.repeat(5 - filled);
}

/** "4.5 out of 5 stars, 12 reviews": how a rating reads aloud and to a search engine's snippet. */
export function ratingLabel({ average, count }: Pick<RatingSummary, 'average' | 'count'>): string {
  return `${average.toFixed(1)} out of 5 stars, ${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** How a review signs: first name and the initial of the last ("Asha R."), or "A shopper". */
export function reviewerName(fullName: string): string {
  const [first, ...rest] = fullName.trim().split(/\s+/).filter(Boolean);
  if (!first) return 'A shopper';
  const last = rest.at(-1);
  return last ? `${first} ${[...last][0]?.toUpperCase()}.` : first;
}

// A review as it crosses between the browser and the shop: as its writer posts it, as their
// account reads it, and as anyone reads it listed. Zod: the server's only; the browser imports
// this module's types (`import type`) and the rules in review.ts.
import { z } from 'astro/zod';
import { optionalText } from './fields.ts';
import { RATING_PROBLEM, REVIEW_LIMITS, type ReviewState } from './review.ts';

/** `PUT /api/v1/account/reviews/{productId}`: 1 to 5 stars, an optional title and text. */
export const postedReview = z.object(
  {
    rating: z
      .number({ error: RATING_PROBLEM })
      .int(RATING_PROBLEM)
      .min(1, RATING_PROBLEM)
      .max(5, RATING_PROBLEM),
    title: optionalText('Title', REVIEW_LIMITS.title),
    text: optionalText('Review text', REVIEW_LIMITS.text, { multiline: true }),
  },
  { error: 'Send a JSON object with rating, title and text.' },
);

/** What a shopper writes: 1 to 5 stars, a title and a text (maybe empty). */
export type ReviewDraft = z.infer<typeof postedReview>;

/** The shopper's own review as their account reads it: its words, stars and where it stands. */
export type OwnReview = ReviewDraft & {
  state: ReviewState;
  /** `YYYY-MM-DD`: when it was written or last edited. */
  date: string;
};

/** An approved review as anyone reads it listed (`GET /api/v1/reviews/{productId}`). */
export const publishedReview = z.object({
  id: z.string(),
  rating: z.number(),
  title: z.string(),
  text: z.string(),
  /** First name and initial. */
  author: z.string(),
  /** `YYYY-MM-DD`: when it was written or last edited. */
  date: z.string(),
  /** Always true: only buyers with a delivered order review. */
  verified: z.literal(true),
});

export type PublishedReview = z.infer<typeof publishedReview>;

// A review as it crosses between the browser and the shop: the rules both sides read at runtime
// (no zod here, so the browser's bundles stay without it; the schemas are in review.schema.ts).

/** The longest title and text a review may have, in characters (an emoji counts once). */
export const REVIEW_LIMITS = { title: 100, text: 2000 } as const;

/** What is wrong with a missing or wrong rating, in the shop's words and its API's. */
export const RATING_PROBLEM = 'Rating: choose from 1 to 5 stars.';

/** Where a review stands: only `approved` ones are shown; an edit sends one back to `pending`. */
export type ReviewState = 'pending' | 'approved' | 'hidden';

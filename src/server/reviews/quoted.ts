import type { RatingSummary } from '#src/lib/reviews.ts';
import type { PublishedReview } from '#src/lib/shapes/review.schema.ts';
import type { Store } from '#src/server/store/types.ts';
import { publishedReview, summariesOf } from './api.ts';

/** A product's approved reviews as its page's structured data quotes them: the summary and the newest few. */
export interface QuotedReviews {
  summary: RatingSummary;
  reviews: PublishedReview[];
}

/** How many reviews a product page's structured data quotes. */
const QUOTED = 3;

/**
 * The product's approved reviews, read when its page is rendered. None when it has none or the
 * database cannot be read: the page then says nothing of ratings, never a made-up one.
 */
export async function quotedReviews(store: Store, productId: string): Promise<QuotedReviews | undefined> {
  try {
    const summary = summariesOf(await store.ratingCounts(productId)).get(productId);
    if (!summary) return undefined;
    const newest = await store.approvedReviews(productId, { limit: QUOTED, offset: 0 });
    return { summary, reviews: newest.map(publishedReview) };
  } catch (error) {
    console.warn(
      `[reviews] no ratings in ${productId}'s structured data: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
}

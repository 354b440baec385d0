import type { APIContext, APIRoute } from 'astro';
import {
  REVIEWS_PER_PAGE,
  ratingSummary,
  reviewerName,
  type ProductRatings,
  type RatingSummary,
} from '#src/lib/reviews.ts';
import { postedReview, type OwnReview, type PublishedReview } from '#src/lib/shapes/review.schema.ts';
import { withoutBidiControls } from '#src/lib/bidi.ts';
import { accountEndpoint, answerSafely, signedInEndpoint } from '#src/server/api/endpoint.ts';
import { reply } from '#src/server/api/respond.ts';
import type { Catalogue } from '#src/server/catalogue/load.ts';
import { noSuchProduct } from '#src/server/catalogue/packs.ts';
import type { RatingCount, ReviewWithAuthor, StoredReview } from '#src/server/store/types.ts';

/** How long a browser or CDN may keep the public reads: an approved review shows within a minute. */
const FRESH_SECONDS = 60;

const UNAVAILABLE = 'Reviews are unavailable right now. Please try again shortly.';

const NOT_A_BUYER =
  'Only buyers of this product can review it: you can write one once an order of it has been delivered.';

/** Each product's summary, from the approved reviews counted per star. */
export function summariesOf(counts: readonly RatingCount[]): Map<string, RatingSummary> {
  const stars = new Map<string, number[]>();
  for (const { productId, rating, count } of counts) {
    const product = stars.get(productId) ?? [0, 0, 0, 0, 0];
    product[rating - 1] = count;
    stars.set(productId, product);
  }
  return new Map([...stars].map(([productId, counted]) => [productId, ratingSummary(counted)]));
}

/** Every reviewed product's average and count. */
export function productRatings(counts: readonly RatingCount[]): ProductRatings {
  const ratings: ProductRatings = {};
  for (const [productId, { average, count }] of summariesOf(counts)) ratings[productId] = { average, count };
  return ratings;
}

/**
 * An approved review as anyone may read it: the writer's first name and initial only, and no
 * bidirectional controls in what the writer typed (a review stored before they were refused).
 */
export const publishedReview = (review: ReviewWithAuthor): PublishedReview => ({
  id: review.id,
  rating: review.rating,
  title: withoutBidiControls(review.title),
  text: withoutBidiControls(review.text),
  author: reviewerName(withoutBidiControls(review.authorName)),
  date: review.updatedAt.slice(0, 10),
  verified: true,
});

const publicAnswer = (body: object) =>
  Response.json(body, { headers: { 'Cache-Control': `public, max-age=${FRESH_SECONDS}` } });

/**
 * `GET /api/v1/reviews/summary`: `{ success, ratings: { [productId]: { average, count } } }` for
 * every product with an approved review; one address for every page, kept a minute.
 */
export const readRatingSummaries: APIRoute = ({ url, locals }) =>
  answerSafely(url, UNAVAILABLE, async () => {
    return publicAnswer({ success: true, ratings: productRatings(await locals.store.ratingCounts()) });
  });

/** The product a route's `productId` names, or the 404 to answer. */
async function productOf(catalogue: () => Promise<Catalogue>, { params }: Pick<APIContext, 'params'>) {
  const productId = String(params['productId'] ?? '');
  const product = (await catalogue()).get(productId);
  return product ?? reply(404, false, noSuchProduct(productId.slice(0, 100)));
}

/**
 * `GET /api/v1/reviews/{productId}?page=N`: the product's summary and ten approved reviews, newest
 * first, `{ success, summary, reviews, page, pageCount }`; kept a minute like the live stock.
 */
export function readProductReviews(catalogue: () => Promise<Catalogue>): APIRoute {
  return (context) =>
    answerSafely(context.url, UNAVAILABLE, async () => {
      const product = await productOf(catalogue, context);
      if (product instanceof Response) return product;
      const asked = context.url.searchParams.get('page') ?? '1';
      const page = /^\d{1,6}$/.test(asked) ? Number(asked) : 0;
      if (page < 1) return reply(400, false, 'Page must be a whole number from 1.');
      const { store } = context.locals;
      const summary =
        summariesOf(await store.ratingCounts(product._id)).get(product._id) ?? ratingSummary([]);
      const reviews = await store.approvedReviews(product._id, {
        limit: REVIEWS_PER_PAGE,
        offset: (page - 1) * REVIEWS_PER_PAGE,
      });
      return publicAnswer({
        success: true,
        summary,
        reviews: reviews.map(publishedReview),
        page,
        pageCount: Math.ceil(summary.count / REVIEWS_PER_PAGE),
      });
    });
}

/** The shopper's own review as their account reads it: its words, stars and where it stands. */
const ownReview = (review: StoredReview | undefined): OwnReview | undefined =>
  review && {
    rating: review.rating,
    title: review.title,
    text: review.text,
    state: review.state,
    date: review.updatedAt.slice(0, 10),
  };

const privateAnswer = (status: number, body: object) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/** `GET /api/v1/account/reviews/{productId}`: `{ success, mayReview, review }` (review null when none). */
export function readOwnReview(catalogue: () => Promise<Catalogue>): APIRoute {
  return signedInEndpoint(UNAVAILABLE, async ({ account }, context) => {
    const product = await productOf(catalogue, context);
    if (product instanceof Response) return product;
    const [mayReview, review] = await Promise.all([
      context.locals.store.mayReview(account.id, product._id),
      context.locals.store.ownReview(account.id, product._id),
    ]);
    return privateAnswer(200, { success: true, mayReview, review: ownReview(review) ?? null });
  });
}

/**
 * `PUT /api/v1/account/reviews/{productId}` `{ rating, title?, text? }`: writes or rewrites the
 * shopper's review, which waits for the merchant; 403 without a delivered order of the product.
 */
export function saveReviewEndpoint(catalogue: () => Promise<Catalogue>): APIRoute {
  return accountEndpoint({
    name: 'reviews',
    schema: postedReview,
    unavailable: UNAVAILABLE,
    async save({ rating, title, text }, context, { account }) {
      const product = await productOf(catalogue, context);
      if (product instanceof Response) return product;
      const saved = await context.locals.store.saveReview(account.id, product._id, { rating, title, text });
      if (saved === 'not-buyer') return reply(403, false, NOT_A_BUYER);
      return privateAnswer(200, {
        success: true,
        message: 'Thank you: your review will appear once we have read it.',
        review: ownReview(saved),
      });
    },
  });
}

/** `DELETE /api/v1/account/reviews/{productId}`: removes the shopper's review of the product. */
export const deleteReview: APIRoute = signedInEndpoint(
  UNAVAILABLE,
  async ({ account }, { locals, params }) =>
    (await locals.store.deleteReview(account.id, String(params['productId'] ?? '')))
      ? reply(200, true, 'Review deleted.')
      : reply(404, false, 'You have no review of this product.'),
);

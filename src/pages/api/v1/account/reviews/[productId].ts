import type { APIRoute } from 'astro';
import { onlyMethods } from '#src/server/api/respond.ts';
import { catalogueById } from '#src/server/catalogue/load.ts';
import { deleteReview, readOwnReview, saveReviewEndpoint } from '#src/server/reviews/api.ts';

export const prerender = false;

export const GET = readOwnReview(catalogueById) satisfies APIRoute;
export const HEAD = GET;
export const PUT = saveReviewEndpoint(catalogueById) satisfies APIRoute;
export const DELETE = deleteReview satisfies APIRoute;
export const ALL = onlyMethods('GET, HEAD, PUT, DELETE') satisfies APIRoute;

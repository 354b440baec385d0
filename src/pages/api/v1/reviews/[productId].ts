import type { APIRoute } from 'astro';
import { onlyGet } from '../../../../server/api/respond.ts';
import { catalogueById } from '../../../../server/productApi.ts';
import { readProductReviews } from '../../../../server/reviews/api.ts';

export const prerender = false;

export const GET = readProductReviews(catalogueById) satisfies APIRoute;
export const ALL = onlyGet satisfies APIRoute;

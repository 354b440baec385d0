import type { APIRoute } from 'astro';
import { onlyGet } from '#src/server/api/respond.ts';
import { catalogueById } from '#src/server/catalogue/load.ts';
import { readProductReviews } from '#src/server/reviews/api.ts';

export const prerender = false;

export const GET = readProductReviews(catalogueById) satisfies APIRoute;
export const HEAD = GET;
export const ALL = onlyGet satisfies APIRoute;

import type { APIRoute } from 'astro';
import { onlyGet } from '#src/server/api/respond.ts';
import { readRatingSummaries } from '#src/server/reviews/api.ts';

export const prerender = false;

export const GET = readRatingSummaries satisfies APIRoute;
export const HEAD = GET;
export const ALL = onlyGet satisfies APIRoute;

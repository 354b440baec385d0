import type { APIRoute } from 'astro';
import { lookupOrderEndpoint } from '#src/server/orders/api.ts';
import { onlyGet } from '#src/server/api/respond.ts';

export const prerender = false;

export const GET = lookupOrderEndpoint() satisfies APIRoute;
export const HEAD = GET;
export const ALL = onlyGet satisfies APIRoute;

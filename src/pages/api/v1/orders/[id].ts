import type { APIRoute } from 'astro';
import { lookupOrderEndpoint } from '../../../../server/orders/api.ts';
import { onlyGet } from '../../../../server/api/respond.ts';

export const prerender = false;

export const GET = lookupOrderEndpoint() satisfies APIRoute;
export const ALL = onlyGet satisfies APIRoute;

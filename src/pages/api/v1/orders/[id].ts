import type { APIRoute } from 'astro';
import { lookupOrderEndpoint } from '../../../../server/orders/api.ts';
import { refuse } from '../../../../server/api/respond.ts';

export const prerender = false;

export const GET = lookupOrderEndpoint() satisfies APIRoute;
export const ALL = (() =>
  refuse(405, 'This address only answers GET requests.', { Allow: 'GET, HEAD' })) satisfies APIRoute;

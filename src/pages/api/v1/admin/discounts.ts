import type { APIRoute } from 'astro';
import { onlyPost } from '#src/server/api/respond.ts';
import { discountEndpoint } from '#src/server/admin/api.ts';

export const prerender = false;

export const POST = discountEndpoint satisfies APIRoute;
export const ALL = onlyPost satisfies APIRoute;

import type { APIRoute } from 'astro';
import { onlyPost } from '#src/server/api/respond.ts';
import { reviewEndpoint } from '#src/server/admin/api.ts';

export const prerender = false;

export const POST = reviewEndpoint satisfies APIRoute;
export const ALL = onlyPost satisfies APIRoute;

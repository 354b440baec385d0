import type { APIRoute } from 'astro';
import { onlyPost } from '#src/server/api/respond.ts';
import { orderActionEndpoint } from '#src/server/admin/api.ts';

export const prerender = false;

export const POST = orderActionEndpoint satisfies APIRoute;
export const ALL = onlyPost satisfies APIRoute;

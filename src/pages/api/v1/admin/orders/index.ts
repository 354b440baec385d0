import type { APIRoute } from 'astro';
import { onlyGet } from '#src/server/api/respond.ts';
import { listOrdersEndpoint } from '#src/server/admin/api.ts';

export const prerender = false;

export const GET = listOrdersEndpoint satisfies APIRoute;
export const HEAD = GET;
export const ALL = onlyGet satisfies APIRoute;

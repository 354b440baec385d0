import type { APIRoute } from 'astro';
import { onlyMethods } from '#src/server/api/respond.ts';
import { logoutEverywhereEndpoint } from '#src/server/identity/api.ts';

export const prerender = false;

export const DELETE = logoutEverywhereEndpoint satisfies APIRoute;
export const ALL = onlyMethods('DELETE') satisfies APIRoute;

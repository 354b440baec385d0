import type { APIRoute } from 'astro';
import { onlyMethods } from '#src/server/api/respond.ts';
import { checkCodeEndpoint, logoutEndpoint } from '#src/server/identity/api.ts';

export const prerender = false;

export const POST = checkCodeEndpoint satisfies APIRoute;
export const DELETE = logoutEndpoint satisfies APIRoute;
export const ALL = onlyMethods('POST, DELETE') satisfies APIRoute;

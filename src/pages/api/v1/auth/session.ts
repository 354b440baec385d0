import type { APIRoute } from 'astro';
import { onlyMethods } from '#src/server/api/respond.ts';
import { checkCodeEndpoint, logoutEndpoint, sessionStatusEndpoint } from '#src/server/identity/api.ts';

export const prerender = false;

export const GET = sessionStatusEndpoint satisfies APIRoute;
export const HEAD = GET;
export const POST = checkCodeEndpoint satisfies APIRoute;
export const DELETE = logoutEndpoint satisfies APIRoute;
export const ALL = onlyMethods('GET, HEAD, POST, DELETE') satisfies APIRoute;

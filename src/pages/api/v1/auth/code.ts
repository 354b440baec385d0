import type { APIRoute } from 'astro';
import { onlyPost } from '#src/server/api/respond.ts';
import { sendCodeEndpoint } from '#src/server/identity/api.ts';

export const prerender = false;

export const POST = sendCodeEndpoint satisfies APIRoute;
export const ALL = onlyPost satisfies APIRoute;

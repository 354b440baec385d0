import type { APIRoute } from 'astro';
import { onlyPost } from '#src/server/api/respond.ts';
import { testPressEndpoint } from '#src/server/payments/api.ts';

export const prerender = false;

export const POST = testPressEndpoint satisfies APIRoute;
export const ALL = onlyPost satisfies APIRoute;

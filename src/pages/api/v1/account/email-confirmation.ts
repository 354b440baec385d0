import type { APIRoute } from 'astro';
import { resendConfirmation } from '#src/server/accounts/api.ts';
import { onlyMethods } from '#src/server/api/respond.ts';

export const prerender = false;

export const POST = resendConfirmation satisfies APIRoute;
export const ALL = onlyMethods('POST') satisfies APIRoute;

import type { APIRoute } from 'astro';
import { addAddress } from '#src/server/accounts/api.ts';
import { onlyPost } from '#src/server/api/respond.ts';

export const prerender = false;

export const POST = addAddress satisfies APIRoute;
export const ALL = onlyPost satisfies APIRoute;

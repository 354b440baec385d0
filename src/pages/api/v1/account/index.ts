import type { APIRoute } from 'astro';
import { readAccount, updateProfile } from '#src/server/accounts/api.ts';
import { onlyMethods } from '#src/server/api/respond.ts';

export const prerender = false;

export const GET = readAccount satisfies APIRoute;
export const HEAD = GET;
export const PATCH = updateProfile satisfies APIRoute;
export const ALL = onlyMethods('GET, HEAD, PATCH') satisfies APIRoute;

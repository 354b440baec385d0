import type { APIRoute } from 'astro';
import { removeAddress } from '#src/server/accounts/api.ts';
import { onlyMethods } from '#src/server/api/respond.ts';

export const prerender = false;

export const DELETE = removeAddress satisfies APIRoute;
export const ALL = onlyMethods('DELETE') satisfies APIRoute;

import type { APIRoute } from 'astro';
import { removeAddress } from '../../../../../server/accounts/api.ts';
import { onlyMethods } from '../../../../../server/api/respond.ts';

export const prerender = false;

export const DELETE = removeAddress satisfies APIRoute;
export const ALL = onlyMethods('DELETE') satisfies APIRoute;

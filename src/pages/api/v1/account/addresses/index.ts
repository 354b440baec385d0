import type { APIRoute } from 'astro';
import { addAddress } from '../../../../../server/accounts/api.ts';
import { onlyPost } from '../../../../../server/api/respond.ts';

export const prerender = false;

export const POST = addAddress satisfies APIRoute;
export const ALL = onlyPost satisfies APIRoute;

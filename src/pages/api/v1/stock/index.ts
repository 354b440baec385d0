import type { APIRoute } from 'astro';
import { onlyGet } from '../../../../server/api/respond.ts';
import { readStock } from '../../../../server/stock/api.ts';

export const prerender = false;

export const GET = readStock satisfies APIRoute;
export const ALL = onlyGet satisfies APIRoute;

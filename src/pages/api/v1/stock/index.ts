import type { APIRoute } from 'astro';
import { onlyGet } from '#src/server/api/respond.ts';
import { readStock } from '#src/server/stock/api.ts';

export const prerender = false;

export const GET = readStock satisfies APIRoute;
export const HEAD = GET;
export const ALL = onlyGet satisfies APIRoute;

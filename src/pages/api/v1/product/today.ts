import type { APIRoute } from 'astro';
import { onlyGet } from '#src/server/api/respond.ts';
import { catalogueById, readProductsToday } from '#src/server/productApi.ts';

export const prerender = false;

export const GET = readProductsToday(catalogueById) satisfies APIRoute;
export const HEAD = GET;
export const ALL = onlyGet satisfies APIRoute;

import type { APIRoute } from 'astro';
import { onlyGet } from '#src/server/api/respond.ts';
import { readProductsToday } from '#src/server/catalogue/api.ts';
import { catalogueById } from '#src/server/catalogue/load.ts';

export const prerender = false;

export const GET = readProductsToday(catalogueById) satisfies APIRoute;
export const HEAD = GET;
export const ALL = onlyGet satisfies APIRoute;

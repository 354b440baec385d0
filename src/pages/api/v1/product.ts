import type { APIRoute } from 'astro';
import { onlyGet } from '#src/server/api/respond.ts';
import { listProducts } from '#src/server/catalogue/api.ts';
import { loadCatalogue } from '#src/server/catalogue/load.ts';

export const prerender = false;

export const GET = listProducts(loadCatalogue) satisfies APIRoute;
export const HEAD = GET;
export const ALL = onlyGet satisfies APIRoute;

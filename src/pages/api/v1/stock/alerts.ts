import type { APIRoute } from 'astro';
import { onlyMethods } from '#src/server/api/respond.ts';
import { catalogueById } from '#src/server/catalogue/load.ts';
import { readRestockRequests, requestRestockEndpoint } from '#src/server/stock/api.ts';

export const prerender = false;

export const GET = readRestockRequests satisfies APIRoute;
export const HEAD = GET;
export const POST = requestRestockEndpoint(catalogueById) satisfies APIRoute;
export const ALL = onlyMethods('GET, HEAD, POST') satisfies APIRoute;

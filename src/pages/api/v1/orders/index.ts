import type { APIRoute } from 'astro';
import { listOrdersEndpoint, placeOrderEndpoint } from '#src/server/orders/api.ts';
import { catalogueById } from '#src/server/catalogue/load.ts';
import { onlyMethods } from '#src/server/api/respond.ts';

export const prerender = false;

export const GET = listOrdersEndpoint satisfies APIRoute;
export const HEAD = GET;
export const POST = placeOrderEndpoint(catalogueById) satisfies APIRoute;
export const ALL = onlyMethods('GET, HEAD, POST') satisfies APIRoute;

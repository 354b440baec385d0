import type { APIRoute } from 'astro';
import { listOrdersEndpoint, placeOrderEndpoint } from '../../../../server/orders/api.ts';
import { catalogueById } from '../../../../server/productApi.ts';
import { onlyMethods } from '../../../../server/api/respond.ts';

export const prerender = false;

export const GET = listOrdersEndpoint satisfies APIRoute;
export const POST = placeOrderEndpoint(catalogueById) satisfies APIRoute;
export const ALL = onlyMethods('GET, HEAD, POST') satisfies APIRoute;

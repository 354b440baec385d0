import type { APIRoute } from 'astro';
import { placeOrderEndpoint } from '../../../../server/orders/api.ts';
import { catalogueById } from '../../../../server/productApi.ts';
import { onlyPost } from '../../../../server/api/respond.ts';

export const prerender = false;

export const POST = placeOrderEndpoint(catalogueById) satisfies APIRoute;
export const ALL = onlyPost satisfies APIRoute;

import type { APIRoute } from 'astro';
import { checkDiscountEndpoint } from '#src/server/discounts/api.ts';
import { catalogueById } from '#src/server/catalogue/load.ts';
import { onlyMethods } from '#src/server/api/respond.ts';

export const prerender = false;

export const POST = checkDiscountEndpoint(catalogueById) satisfies APIRoute;
export const ALL = onlyMethods('POST') satisfies APIRoute;

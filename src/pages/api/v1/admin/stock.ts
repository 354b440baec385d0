import type { APIRoute } from 'astro';
import { onlyPost } from '#src/server/api/respond.ts';
import { stockEndpoint } from '#src/server/admin/api.ts';
import { catalogueById } from '#src/server/catalogue/load.ts';

export const prerender = false;

export const POST = stockEndpoint(catalogueById) satisfies APIRoute;
export const ALL = onlyPost satisfies APIRoute;

import type { APIRoute } from 'astro';
import { catalogueItems } from '#src/build/catalogueIndex.ts';

/**
 * Every product's card and search fields, with the build's pictures: the server reads it once, so
 * the catalogue and its index, rendered on request, point at the build's files
 * (src/server/http/build.ts).
 */
export const GET = (async () =>
  new Response(JSON.stringify({ success: true, products: await catalogueItems() }), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })) satisfies APIRoute;

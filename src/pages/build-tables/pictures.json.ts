import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { drawAllProducts } from '#src/build/productDrawings.ts';

/**
 * Every product picture as the product pages draw it, made with the build: the server reads it
 * once, so a product page rendered on request points at the build's files (src/server/http/build.ts).
 */
export const GET = (async () =>
  new Response(JSON.stringify(await drawAllProducts(await getCollection('products'))), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })) satisfies APIRoute;

import type { APIRoute } from 'astro';
import { catalogueItems } from '#src/components/catalogueIndex.ts';

/** The catalogue's compact index: every product's card and search fields, built with the pages. */
export const GET = (async () =>
  new Response(JSON.stringify({ success: true, products: await catalogueItems() }), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })) satisfies APIRoute;

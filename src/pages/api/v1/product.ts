import type { APIRoute } from 'astro';
import { productListBody } from '#src/server/catalogue/api.ts';
import { loadCatalogue } from '#src/server/catalogue/load.ts';

// Built once with the pages, so the server sends it as a file: ETag, 304s, precompressed copies.
// Its URLs are on the configured site (SITE_URL); a request's Host header never reaches it.
export const prerender = true;

export const GET = (async ({ site }) => {
  if (!site) throw new Error('GET /api/v1/product needs `site` (SITE_URL) for its absolute URLs');
  return new Response(productListBody(await loadCatalogue(), site), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}) satisfies APIRoute;

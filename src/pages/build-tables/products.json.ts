import type { APIRoute } from 'astro';
import { loadCatalogue } from '#src/server/catalogue/load.ts';

/** What the shop sells, packs and prices, for the merchant's commands (src/server/catalogue/built.ts). */
export const GET = (async () =>
  new Response(JSON.stringify(await loadCatalogue()), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })) satisfies APIRoute;

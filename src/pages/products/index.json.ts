import type { APIRoute } from 'astro';
import { catalogueItems } from '#src/build/catalogueIndex.ts';
import { recipeCards } from '#src/build/recipeIndex.ts';

/**
 * The catalogue's compact index: every product's card and search fields, and every recipe's card
 * (search finds recipes too), built with the pages.
 */
export const GET = (async () =>
  new Response(
    JSON.stringify({ success: true, products: await catalogueItems(), recipes: await recipeCards() }),
    {
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    },
  )) satisfies APIRoute;

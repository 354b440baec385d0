import type { APIRoute } from 'astro';
import { recipeCards } from '#src/components/recipes/recipeIndex.ts';

/** The recipes' compact index: every recipe's card, built with the pages (src/lib/recipes.ts). */
export const GET = (async () =>
  new Response(JSON.stringify({ success: true, recipes: await recipeCards() }), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })) satisfies APIRoute;

import { useMemo } from 'react';
import type { CatalogueIndex } from '#src/lib/catalogueIndex.ts';
import { findRecipes, type RecipeFound } from '#src/lib/recipes.ts';

/**
 * The recipes a search shows: found in the catalogue's index once it is here; until then, what the
 * server found for the search it rendered (`rendered` for `renderedQuery`), and none for another.
 */
export function useRecipesFound(
  index: CatalogueIndex | undefined,
  query: string,
  renderedQuery: string,
  rendered: RecipeFound[],
): RecipeFound[] {
  const recipeIndex = index?.success ? index.recipes : undefined;
  return useMemo(
    () => (recipeIndex ? findRecipes(recipeIndex, query) : query === renderedQuery ? rendered : []),
    [recipeIndex, query, renderedQuery, rendered],
  );
}

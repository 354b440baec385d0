import { catalogueItems } from './catalogueIndex.ts';
import type { RecipeCard } from '#src/lib/recipes.ts';

/** The products the recipes use, by id, with their titles: the spice filter's choices. Build time only. */
export async function spiceNames(cards: readonly RecipeCard[]): Promise<Map<string, string>> {
  const used = new Set(cards.flatMap((card) => card.spices));
  return new Map(
    (await catalogueItems()).filter((item) => used.has(item.id)).map((item) => [item.id, item.title]),
  );
}

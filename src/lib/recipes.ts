/** The cuisines the shop's spices come from, in the order the recipes' filter shows them. */
export const CUISINES = [
  'Indian',
  'Middle Eastern',
  'North African',
  'Ethiopian',
  'Spanish',
  'Greek',
  'Chinese',
] as const;
export type Cuisine = (typeof CUISINES)[number];

/** Where a recipe sits in a meal, in the order the recipes' filter shows them. */
export const COURSES = ['Breakfast', 'Starter', 'Main', 'Side', 'Bread', 'Dessert'] as const;
export type Course = (typeof COURSES)[number];

/** One of the shop's spices a recipe uses: the product's id and how much, in words. */
export interface RecipeSpice {
  product: string;
  amount: string;
}

/** What these helpers read of a recipe: its front matter as the collection has it. */
export interface RecipeFacts {
  id: string;
  data: {
    title: string;
    cuisine: Cuisine;
    course: Course;
    prepMinutes: number;
    cookMinutes: number;
    published: Date;
    spices: readonly RecipeSpice[];
  };
}

/** The three ways the recipes can be filtered, each one an address of its own. */
export const RECIPE_FILTERS = ['cuisine', 'course', 'spice'] as const;
export type RecipeFilter = (typeof RECIPE_FILTERS)[number];

/** "Middle Eastern" as an address: `middle-eastern`. */
export const slugOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The address of the recipes with one cuisine, course or spice (a product id). */
export const recipesFilteredUrl = (filter: RecipeFilter, value: string): string =>
  `/recipes/${filter}/${filter === 'spice' ? value : slugOf(value)}`;

/** Whether a recipe is one the filter `filter` set to `value` (a name, or a spice's product id) keeps. */
export function recipeMatches(recipe: RecipeFacts, filter: RecipeFilter, value: string): boolean {
  if (filter === 'spice') return recipe.data.spices.some((spice) => spice.product === value);
  return slugOf(recipe.data[filter]) === slugOf(value);
}

/** Newest first, then by title: the order every list of recipes shows. */
export function sortRecipes<T extends RecipeFacts>(recipes: readonly T[]): T[] {
  return [...recipes].sort(
    (a, b) =>
      b.data.published.getTime() - a.data.published.getTime() ||
      a.data.title.localeCompare(b.data.title, 'en'),
  );
}

/** Preparation and cooking together, as a cook reads it: "45 min", "1 hr 10 min", "2 hr". */
export function minutesText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

/** A recipe's whole time, preparation and cooking. */
export const totalMinutes = (recipe: RecipeFacts): number =>
  recipe.data.prepMinutes + recipe.data.cookMinutes;

/** The same time as ISO 8601 for structured data: `PT1H10M`. */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours ? `${hours}H` : ''}${rest || !hours ? `${rest}M` : ''}`;
}

/** Up to `limit` recipes that use the product, newest first: a product page's "Cook with it". */
export function recipesUsing<T extends RecipeFacts>(
  productId: string,
  recipes: readonly T[],
  limit = 3,
): T[] {
  return sortRecipes(recipes.filter((recipe) => recipeMatches(recipe, 'spice', productId))).slice(0, limit);
}

/**
 * The products a product pairs with: those its editors named (`pairsWith`), else the products
 * most often used with it in recipes, most often first, ties by id so every build agrees.
 */
export function pairedProducts(
  productId: string,
  named: readonly string[],
  recipes: readonly RecipeFacts[],
  limit = 4,
): string[] {
  if (named.length > 0) return named.filter((id) => id !== productId).slice(0, limit);
  const together = new Map<string, number>();
  for (const recipe of recipes) {
    const ids = new Set(recipe.data.spices.map((spice) => spice.product));
    if (!ids.has(productId)) continue;
    for (const id of ids) if (id !== productId) together.set(id, (together.get(id) ?? 0) + 1);
  }
  return [...together]
    .sort(([a, timesA], [b, timesB]) => timesB - timesA || a.localeCompare(b))
    .slice(0, limit)
    .map(([id]) => id);
}

/** A pack as the shop sells it today, as far as choosing one for a recipe goes. */
interface PackChoice {
  grams: number;
  inStock: boolean;
}

/** The index of the smallest pack in stock (the first of equals), or -1 when none is. */
export function smallestInStock(packs: readonly PackChoice[]): number {
  let best = -1;
  packs.forEach((pack, index) => {
    const chosen = packs[best];
    if (pack.inStock && (!chosen || pack.grams < chosen.grams)) best = index;
  });
  return best;
}

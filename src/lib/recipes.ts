import { searchable, wordsOf } from './searchText.ts';

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

/** Where a recipe sits in a meal, in the order the recipes' filter shows them. */
export const COURSES = ['Breakfast', 'Starter', 'Main', 'Side', 'Bread', 'Dessert'] as const;

/** What these helpers read of a recipe entry: its front matter as the collection has it. */
interface RecipeFacts {
  data: { title: string; prepMinutes: number; cookMinutes: number; published: Date };
}

/** The three ways the recipes can be filtered, each one an address of its own. */
export type RecipeFilter = 'cuisine' | 'course' | 'spice';

/** "Middle Eastern" as an address: `middle-eastern`. */
const slugOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The address of the recipes with one cuisine, course or spice (a product id). */
export const recipesFilteredUrl = (filter: RecipeFilter, value: string): string =>
  `/recipes/${filter}/${filter === 'spice' ? value : slugOf(value)}`;

/** Whether a recipe is one the filter `filter` set to `value` (a name, or a spice's product id) keeps. */
export function recipeMatches(
  recipe: Pick<RecipeCard, 'cuisine' | 'course' | 'spices'>,
  filter: RecipeFilter,
  value: string,
): boolean {
  if (filter === 'spice') return recipe.spices.includes(value);
  return slugOf(recipe[filter]) === slugOf(value);
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

/** Up to `limit` recipes that use the product, in the cards' order: a product page's "Cook with it". */
export const recipesUsing = (productId: string, cards: readonly RecipeCard[], limit = 3): RecipeCard[] =>
  cards.filter((card) => card.spices.includes(productId)).slice(0, limit);

/**
 * The products a product pairs with: those its editors named (`pairsWith`), else the products
 * most often used with it in recipes, most often first, ties by id so every build agrees.
 */
export function pairedProducts(
  productId: string,
  named: readonly string[],
  cards: readonly Pick<RecipeCard, 'spices'>[],
  limit = 4,
): string[] {
  if (named.length > 0) return named.filter((id) => id !== productId).slice(0, limit);
  const together = new Map<string, number>();
  for (const card of cards) {
    const ids = new Set(card.spices);
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

/**
 * One recipe as a card shows it and search reads it: the recipes' compact index, built with the
 * pages (`/recipes/index.json`), which product pages and the top bar's suggestions read.
 */
export interface RecipeCard {
  id: string;
  title: string;
  summary: string;
  cuisine: string;
  course: string;
  /** Preparation and cooking together. */
  minutes: number;
  serves: number;
  /** The ids of the shop's products it uses, in its order. */
  spices: string[];
  image: { src: string; srcset: string; width: number; height: number; alt: string };
  /** The small square picture of a search suggestion. */
  thumb: string;
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** One index entry, or undefined when it lacks what a card shows. */
function readRecipeCard(value: unknown): RecipeCard | undefined {
  if (!isObject(value) || !isObject(value['image'])) return undefined;
  const { id, title, summary, cuisine, course, minutes, serves, spices, image, thumb } = value;
  const { src, srcset, width, height, alt } = image;
  if (![id, title, summary, cuisine, course, thumb, src, srcset, alt].every(isText)) return undefined;
  if (![minutes, serves, width, height].every(isCount) || !Array.isArray(spices)) return undefined;
  // Each field's type is checked above; `every` cannot narrow them one by one.
  const card = { id, title, summary, cuisine, course, minutes, serves, thumb } as Omit<
    RecipeCard,
    'spices' | 'image'
  >;
  return {
    ...card,
    spices: spices.filter(isText),
    image: { src, srcset, width, height, alt } as RecipeCard['image'],
  };
}

/** The recipes of the compact index; anything malformed is dropped. Never throws. */
export function readRecipeIndex(json: unknown): RecipeCard[] {
  if (!isObject(json) || json['success'] !== true || !Array.isArray(json['recipes'])) return [];
  return json['recipes'].flatMap((value: unknown) => readRecipeCard(value) ?? []);
}

/** Why a spice was not put in the cart, as the shopper reads it. */
const NOT_ADDED: Record<string, string> = {
  'sold out': 'sold out',
  gone: 'no longer sold',
  unknown: 'the shop could not be reached',
  'not saved': 'your browser would not keep it',
};

/** "Cumin Seeds, Amchur and Garam Masala". */
function listed(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/**
 * What one press of "Add the spices to cart" says: what went in, and each spice that did not,
 * with why ("Added 3 spices to your cart: … Not added: Curry Leaves (sold out).").
 */
export function spicesAddedText(
  added: readonly { name: string }[],
  missing: readonly { title: string; reason: string }[],
): string {
  const done =
    added.length === 0
      ? 'Nothing was added to your cart.'
      : `Added ${added.length} ${added.length === 1 ? 'spice' : 'spices'} to your cart: ${listed(added.map((line) => line.name))}.`;
  if (missing.length === 0) return done;
  const notAdded = missing.map(({ title, reason }) => `${title} (${NOT_ADDED[reason] ?? reason})`);
  return `${done} Not added: ${listed(notAdded)}.`;
}

/** A recipe as search results name it: a link with its cuisine, course and time. */
export type RecipeFound = Pick<RecipeCard, 'id' | 'title' | 'cuisine' | 'course' | 'minutes'>;

/** What search reads of a recipe. */
type SearchedRecipe = Pick<RecipeCard, 'id' | 'title' | 'summary' | 'cuisine' | 'course' | 'spices'>;

/**
 * The recipes a search finds, as the catalogue's search finds products: every word of `text` in
 * the recipe's title, summary, cuisine, course or spices, ignoring case, accents and apostrophes;
 * those whose title holds the whole text first, then in the list's order.
 */
export function findRecipes<T extends SearchedRecipe>(recipes: readonly T[], text: string, limit = 3): T[] {
  const wanted = searchable(text).trim();
  const words = wordsOf(wanted);
  if (words.length === 0) return [];
  const found = recipes.filter((recipe) => {
    const everything = searchable(
      [
        recipe.title,
        recipe.summary,
        recipe.cuisine,
        recipe.course,
        ...recipe.spices.map((id) => id.replaceAll('-', ' ')),
      ].join('\n'),
    );
    return words.every((word) => everything.includes(word));
  });
  const inTitle = (recipe: T) => (searchable(recipe.title).includes(wanted) ? 0 : 1);
  return found.sort((a, b) => inTitle(a) - inTitle(b)).slice(0, limit);
}

import { getCollection, type CollectionEntry } from 'astro:content';
import { thumbnailUrl } from './thumbnail.ts';
import {
  findRecipes,
  sortRecipes,
  totalMinutes,
  type RecipeCard,
  type RecipeFound,
} from '#src/lib/recipes.ts';
import { CARD_WIDTHS, drawnRecipePicture, recipePicture } from './recipePictures.ts';

/** A recipe's card, with its pictures made. Build time only. */
async function recipeCard(entry: CollectionEntry<'recipes'>): Promise<RecipeCard> {
  const { data } = entry;
  return {
    id: entry.id,
    title: data.title,
    summary: data.summary,
    cuisine: data.cuisine,
    course: data.course,
    minutes: totalMinutes(entry),
    serves: data.serves,
    spices: data.spices.map((spice) => spice.product),
    image: { ...(await drawnRecipePicture(data.picture.src, CARD_WIDTHS)), alt: data.picture.alt },
    thumb: await thumbnailUrl(recipePicture(data.picture.src)),
  };
}

let cards: Promise<RecipeCard[]> | undefined;

/** Every recipe's card, newest first, made once per build (every time in dev). */
export function recipeCards(): Promise<RecipeCard[]> {
  if (import.meta.env.DEV) cards = undefined;
  cards ??= getCollection('recipes').then((entries) => Promise.all(sortRecipes(entries).map(recipeCard)));
  return cards;
}

/**
 * The recipes a catalogue search finds, for a page rendered on request: without their pictures,
 * which are made with the build (the island finds the same in the catalogue's index).
 */
export async function recipesFound(text: string): Promise<RecipeFound[]> {
  if (!text.trim()) return [];
  const entries = sortRecipes(await getCollection('recipes'));
  const searched = entries.map((entry) => ({
    id: entry.id,
    title: entry.data.title,
    summary: entry.data.summary,
    cuisine: entry.data.cuisine,
    course: entry.data.course,
    minutes: totalMinutes(entry),
    spices: entry.data.spices.map((spice) => spice.product),
  }));
  return findRecipes(searched, text).map(({ id, title, cuisine, course, minutes }) => ({
    id,
    title,
    cuisine,
    course,
    minutes,
  }));
}

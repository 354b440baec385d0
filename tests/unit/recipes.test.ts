import { describe, expect, it } from 'vitest';
import {
  isoDuration,
  minutesText,
  pairedProducts,
  findRecipes,
  readRecipeIndex,
  recipeMatches,
  recipesFilteredUrl,
  recipesUsing,
  smallestInStock,
  sortRecipes,
  spicesAddedText,
  type RecipeCard,
} from '#src/lib/recipes.ts';

function card(id: string, spices: string[], cuisine = 'Indian', course = 'Main'): RecipeCard {
  return {
    id,
    title: id,
    summary: 'A dish.',
    cuisine,
    course,
    minutes: 45,
    serves: 4,
    spices,
    image: { src: `/_astro/${id}.webp`, srcset: '', width: 640, height: 480, alt: 'The dish' },
    thumb: `/_astro/${id}-thumb.webp`,
  };
}

describe('recipe times', () => {
  it('read as a cook reads them, and as ISO 8601 durations', () => {
    expect([0, 45, 60, 70, 135].map(minutesText)).toEqual([
      '0 min',
      '45 min',
      '1 hr',
      '1 hr 10 min',
      '2 hr 15 min',
    ]);
    expect([0, 45, 60, 70].map(isoDuration)).toEqual(['PT0M', 'PT45M', 'PT1H', 'PT1H10M']);
  });
});

describe('the recipe filters', () => {
  const dal = card('tadka-dal', ['cumin-seeds', 'curry-leaves']);
  const manakish = card('zaatar-manakish', ['zaatar'], 'Middle Eastern', 'Bread');

  it('each have an address of their own', () => {
    expect(recipesFilteredUrl('cuisine', 'Middle Eastern')).toBe('/recipes/cuisine/middle-eastern');
    expect(recipesFilteredUrl('course', 'Main')).toBe('/recipes/course/main');
    expect(recipesFilteredUrl('spice', 'cumin-seeds')).toBe('/recipes/spice/cumin-seeds');
  });

  it('keep the recipes of a cuisine, a course or a spice', () => {
    expect([dal, manakish].filter((recipe) => recipeMatches(recipe, 'cuisine', 'Middle Eastern'))).toEqual([
      manakish,
    ]);
    expect([dal, manakish].filter((recipe) => recipeMatches(recipe, 'course', 'Main'))).toEqual([dal]);
    expect([dal, manakish].filter((recipe) => recipeMatches(recipe, 'spice', 'zaatar'))).toEqual([manakish]);
    expect([dal, manakish].filter((recipe) => recipeMatches(recipe, 'spice', 'cumin'))).toEqual([]);
  });

  it('list recipes newest first, then by title', () => {
    const entry = (title: string, published: string) => ({
      id: title,
      data: { title, prepMinutes: 5, cookMinutes: 5, published: new Date(published) },
    });
    const sorted = sortRecipes([
      entry('B', '2026-10-01'),
      entry('C', '2026-11-01'),
      entry('A', '2026-10-01'),
    ]);
    expect(sorted.map((recipe) => recipe.id)).toEqual(['C', 'A', 'B']);
  });
});

describe('a product page', () => {
  const cards = [
    card('chana-masala', ['cumin-seeds', 'garam-masala', 'amchur']),
    card('tadka-dal', ['cumin-seeds', 'curry-leaves', 'lakadong-turmeric']),
    card('jeera-rice', ['cumin-seeds', 'lakadong-turmeric']),
    card('kheer', ['kashmiri-saffron']),
    card('pulao', ['cumin-seeds']),
  ];

  it('cooks with up to three recipes that use the product', () => {
    expect(recipesUsing('cumin-seeds', cards).map((recipe) => recipe.id)).toEqual([
      'chana-masala',
      'tadka-dal',
      'jeera-rice',
    ]);
    expect(recipesUsing('zaatar', cards)).toEqual([]);
  });

  it('pairs with the products its editors named, else those its recipes use most with it', () => {
    expect(pairedProducts('cumin-seeds', ['coriander-seeds', 'cumin-seeds'], cards)).toEqual([
      'coriander-seeds',
    ]);
    expect(pairedProducts('cumin-seeds', [], cards)).toEqual([
      'lakadong-turmeric',
      'amchur',
      'curry-leaves',
      'garam-masala',
    ]);
    expect(pairedProducts('zaatar', [], cards)).toEqual([]);
  });
});

describe('adding a recipe’s spices', () => {
  it('takes the smallest pack in stock', () => {
    const pack = (grams: number, inStock = true) => ({ grams, inStock });
    expect(smallestInStock([pack(100), pack(50), pack(250)])).toBe(1);
    expect(smallestInStock([pack(100), pack(50, false), pack(250)])).toBe(0);
    expect(smallestInStock([pack(50, false)])).toBe(-1);
  });

  it('says what went in and names what did not, with why', () => {
    const added = [{ name: 'Cumin Seeds (100 g)' }, { name: 'Amchur (50 g)' }];
    expect(spicesAddedText(added, [])).toBe(
      'Added 2 spices to your cart: Cumin Seeds (100 g) and Amchur (50 g).',
    );
    expect(spicesAddedText(added.slice(1), [{ title: 'Curry Leaves', reason: 'sold out' }])).toBe(
      'Added 1 spice to your cart: Amchur (50 g). Not added: Curry Leaves (sold out).',
    );
    expect(spicesAddedText([], [{ title: 'Curry Leaves', reason: 'unknown' }])).toBe(
      'Nothing was added to your cart. Not added: Curry Leaves (the shop could not be reached).',
    );
  });
});

describe("the recipes' index", () => {
  it('keeps the cards it can draw and drops the rest', () => {
    const good = card('tadka-dal', ['cumin-seeds']);
    expect(readRecipeIndex({ success: true, recipes: [good, { ...good, minutes: '45' }, null] })).toEqual([
      good,
    ]);
    expect(readRecipeIndex({ success: false })).toEqual([]);
    expect(readRecipeIndex('<html>')).toEqual([]);
  });
});

describe('search', () => {
  const recipes = [
    { ...card('zaatar-manakish', ['zaatar'], 'Middle Eastern', 'Bread'), title: "Za'atar Manakish" },
    {
      ...card('chana-masala', ['cumin-seeds', 'garam-masala']),
      title: 'Chana Masala',
      summary: 'Chickpeas.',
    },
    { ...card('masala-chai', ['green-cardamom'], 'Indian', 'Drink'), title: 'Masala Chai' },
  ];
  const found = (text: string) => findRecipes(recipes, text).map((recipe) => recipe.id);

  it('finds recipes by every word of their title, summary, cuisine, course or spices, titles first', () => {
    expect(found('chana masala')).toEqual(['chana-masala']);
    expect(found('zaatar')).toEqual(['zaatar-manakish']);
    expect(found('MANAKÎSH')).toEqual(['zaatar-manakish']);
    expect(found('garam')).toEqual(['chana-masala']);
    expect(found('middle eastern bread')).toEqual(['zaatar-manakish']);
    expect(found('chickpeas indian')).toEqual(['chana-masala']);
    expect(found('masala chai')).toEqual(['masala-chai']);
    expect(found('masala')).toEqual(['chana-masala', 'masala-chai']);
  });

  it('finds nothing for nothing, or for a word no recipe has', () => {
    expect(found('  ')).toEqual([]);
    expect(found('sumac')).toEqual([]);
  });
});

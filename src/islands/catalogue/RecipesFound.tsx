import { minutesText, type RecipeFound } from '#src/lib/recipes.ts';

/**
 * The recipes a catalogue search finds, above its products: shown as recipes, each a link to its
 * page with its cuisine, course and time, never as a product card.
 */
export default function RecipesFound({ recipes }: { recipes: readonly RecipeFound[] }) {
  if (recipes.length === 0) return null;
  return (
    <section
      aria-labelledby="recipes-found"
      className="border-line mt-5 rounded-2xl border bg-white/70 p-4 sm:p-5"
    >
      <h2 id="recipes-found" className="eyebrow font-sans">
        Recipes
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {recipes.map((recipe) => (
          <li key={recipe.id}>
            <a
              href={`/recipes/${recipe.id}`}
              className="border-line hover:border-ink bg-paper inline-flex min-h-11 flex-col justify-center rounded-xl border px-4 py-1.5"
            >
              <span className="text-ink font-medium">{recipe.title}</span>
              <span className="text-ink-soft text-xs">
                {recipe.cuisine} · {recipe.course} · {minutesText(recipe.minutes)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

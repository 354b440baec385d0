import { spicesAddedText } from '#src/lib/recipes.ts';
import { addRecipeSpicesToCart, type RecipeSpiceToAdd } from '#src/stores/recipeToCart.ts';

/**
 * One press of a recipe's "Add the spices to cart": its spices (written into the button) go into
 * the cart, and the status line the button names says what went in and what could not. Loaded on
 * the shopper's first reach for the button (AddSpicesToCart.astro), so a recipe page loads no cart
 * code until then.
 */
export async function addSpices(button: HTMLButtonElement): Promise<void> {
  if (button.getAttribute('aria-disabled') === 'true') return;
  const status = document.getElementById(button.getAttribute('aria-describedby') ?? '');
  button.setAttribute('aria-disabled', 'true');
  try {
    const spices = JSON.parse(button.dataset['addSpices'] ?? '[]') as RecipeSpiceToAdd[];
    const { added, missing } = await addRecipeSpicesToCart(spices);
    if (status) status.textContent = spicesAddedText(added, missing);
  } finally {
    button.removeAttribute('aria-disabled');
  }
}

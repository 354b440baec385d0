import { sellingPrice } from '#src/lib/packPrices.ts';
import { fetchCatalogueIndex } from '#src/stores/catalogueIndex.ts';
import { formatMoney } from '#src/lib/money.ts';
import { findRecipes, minutesText, type RecipeCard } from '#src/lib/recipes.ts';
import type { CatalogueItem } from '#src/lib/catalogueIndex.ts';
import { suggest } from '#src/lib/suggestions.ts';

/**
 * Suggestions under the top bar's search field, as an ARIA 1.2 combobox: the field keeps focus,
 * the arrow keys move the highlighted option (aria-activedescendant), Enter opens it, Escape
 * closes the list, and a live region says how many there are. Loaded on the field's first focus,
 * with the catalogue's compact index, so no page pays for it before the shopper reaches for search.
 * The module attaches itself when loaded (`Header.astro` imports it by URL).
 */
function attachSuggestions(input: HTMLInputElement): void {
  const form = input.form;
  if (!form || input.getAttribute('role') === 'combobox') return;
  const list = document.createElement('ul');
  list.id = `${input.id || 'site-search-field'}-suggestions`;
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Suggestions');
  list.className =
    'absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] xl:left-auto xl:w-96 overflow-y-auto rounded-2xl border border-line bg-white p-1.5 shadow-lg';
  list.hidden = true;
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.className = 'sr-only';
  input.parentElement?.append(list, status);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', list.id);
  input.setAttribute('aria-expanded', 'false');

  let items: CatalogueItem[] = [];
  let recipes: RecipeCard[] = [];
  let highlighted = -1;
  const options = () => [...list.querySelectorAll<HTMLAnchorElement>('[role="option"]')];

  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    highlighted = -1;
  };
  const highlight = (place: number) => {
    const all = options();
    highlighted = all.length ? (place + all.length) % all.length : -1;
    all.forEach((option, index) => option.setAttribute('aria-selected', String(index === highlighted)));
    const current = all[highlighted];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };

  const option = (id: string, href: string, children: (Node | string)[]) => {
    const item = document.createElement('li');
    item.setAttribute('role', 'presentation');
    const link = document.createElement('a');
    link.id = `${list.id}-${id}`;
    link.href = href;
    link.tabIndex = -1;
    link.setAttribute('role', 'option');
    link.setAttribute('aria-selected', 'false');
    link.className =
      'flex min-h-11 items-center gap-3 rounded-xl px-2.5 py-1.5 text-sm text-ink hover:bg-cream aria-selected:bg-cream';
    link.append(...children);
    item.append(link);
    return item;
  };
  const text = (content: string, className: string) => {
    const span = document.createElement('span');
    span.className = className;
    span.textContent = content;
    return span;
  };

  const thumbnail = (src: string) => {
    const thumb = new Image(40, 40);
    thumb.src = src;
    thumb.alt = '';
    thumb.className = 'size-10 shrink-0 rounded-lg bg-cream object-cover';
    return thumb;
  };

  const render = () => {
    const { products, categories } = suggest(items, input.value);
    const rows = products.map((product) =>
      option(product.id, `/products/${product.id}`, [
        thumbnail(product.thumb),
        text(product.title, 'min-w-0 flex-1 truncate font-medium'),
        text(formatMoney(sellingPrice(product.pack)), 'tabular-nums text-ink-soft'),
      ]),
    );
    // Recipes are shown as recipes: their picture, "Recipe" and their time, never a price.
    const found = findRecipes(recipes, input.value);
    const recipeRows = found.map((recipe) =>
      option(`recipe-${recipe.id}`, `/recipes/${recipe.id}`, [
        thumbnail(recipe.thumb),
        text(recipe.title, 'min-w-0 flex-1 truncate font-medium'),
        text(`Recipe · ${minutesText(recipe.minutes)}`, 'shrink-0 text-xs text-ink-soft'),
      ]),
    );
    const categoryRows = categories.map(({ category, count, href }) =>
      option(`category-${category.toLowerCase()}`, href, [
        text(`${category}`, 'flex-1'),
        text(`${count} ${count === 1 ? 'product' : 'products'}`, 'text-xs text-ink-soft'),
      ]),
    );
    list.replaceChildren(...rows, ...recipeRows, ...categoryRows);
    const count = rows.length + recipeRows.length + categoryRows.length;
    const recipesToo = found.length ? `, ${found.length} ${found.length === 1 ? 'recipe' : 'recipes'}` : '';
    status.textContent = !input.value.trim()
      ? ''
      : count
        ? `${products.length} ${products.length === 1 ? 'product' : 'products'}${recipesToo} and ${categories.length} ${categories.length === 1 ? 'category' : 'categories'} suggested`
        : 'No suggestions';
    highlighted = -1;
    input.removeAttribute('aria-activedescendant');
    list.hidden = count === 0;
    input.setAttribute('aria-expanded', String(count > 0));
  };

  input.addEventListener('input', render);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !list.hidden) {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (list.hidden) render();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Up from the field goes to the last option, as down goes to the first.
      highlight(highlighted < 0 && step < 0 ? -1 : highlighted + step);
    } else if (event.key === 'Enter' && highlighted >= 0) {
      event.preventDefault();
      options()[highlighted]?.click();
    }
  });
  // A click on an option is a plain link; leaving the field for anywhere else closes the list.
  list.addEventListener('mousedown', (event) => event.preventDefault());
  input.addEventListener('blur', close);
  form.addEventListener('reset', () => queueMicrotask(render));

  // Without the index the field stays the plain search form it is.
  void fetchCatalogueIndex().then((index) => {
    ({ products: items, recipes } = index);
    if (document.activeElement === input) render();
  });
}

const siteSearchField = document.querySelector<HTMLInputElement>('#site-search-field');
if (siteSearchField) attachSuggestions(siteSearchField);

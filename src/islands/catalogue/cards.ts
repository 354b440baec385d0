import type { Filterable } from '../../lib/catalogue';

interface Card {
  element: HTMLElement;
  product: Filterable;
}

const grids = new Map<string, { cards: Card[]; products: Filterable[] }>();

/** The product cards the server rendered into the list `gridId`, read once from their data attributes. */
function grid(gridId: string) {
  let found = grids.get(gridId);
  if (!found) {
    const elements =
      document.getElementById(gridId)?.querySelectorAll<HTMLElement>('[data-product-id]') ?? [];
    const cards = [...elements].map((element) => ({
      element,
      product: {
        _id: element.dataset.productId ?? '',
        title: element.dataset.title ?? '',
        variety: element.dataset.variety ?? '',
      },
    }));
    found = { cards, products: cards.map((card) => card.product) };
    grids.set(gridId, found);
  }
  return found;
}

/** The products on the page's cards; the same array on every call, as `useSyncExternalStore` needs. */
export function cardProducts(gridId: string): Filterable[] {
  return grid(gridId).products;
}

/** Shows the cards whose product id is in `shown` and hides the rest (touching only what changes). */
export function showOnly(gridId: string, shown: ReadonlySet<string>): void {
  for (const { element, product } of grid(gridId).cards) {
    const hidden = !shown.has(product._id);
    if (element.hidden !== hidden) element.hidden = hidden;
  }
}

/**
 * A product page's "Cook with it" and "Pairs well with", moved in below its reviews from the page
 * built for them (`/products/<id>/cook`, src/pages/products/[id]/cook.astro) when the shopper nears
 * the reviews. A product without recipes or pairings has no such page, and shows neither.
 */
export async function showCooking(reviews: HTMLElement, productId: string): Promise<void> {
  const response = await fetch(`/products/${encodeURIComponent(productId)}/cook`);
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const sections = page.querySelector(`[data-product-cooking="${CSS.escape(productId)}"]`);
  if (!sections || document.querySelector('[data-product-cooking]')) return;
  reviews.after(document.adoptNode(sections));
}

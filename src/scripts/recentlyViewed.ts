import { sellingPrice } from '#src/lib/packPrices.ts';
import { sellsToday } from '#src/lib/productToday.ts';
import { formatMoney } from '#src/lib/money.ts';
import type { CatalogueItem } from '#src/lib/catalogueIndex.ts';
import { fetchCatalogueIndex } from '#src/stores/catalogueIndex.ts';
import { $recentlyViewed } from '#src/stores/recentlyViewed.ts';

/** An element of `tag` with `className`, holding `children`. */
function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[Tag] {
  const made = document.createElement(tag);
  made.className = className;
  made.append(...children);
  return made;
}

/** One product as a small card: its picture, its name as the link, its first pack and price. */
function card(item: CatalogueItem): HTMLLIElement {
  const picture = element('img', 'bg-cream size-16 shrink-0 rounded-xl object-cover');
  Object.assign(picture, {
    src: item.thumb,
    alt: '',
    width: 64,
    height: 64,
    loading: 'lazy',
    decoding: 'async',
  });
  const link = element(
    'a',
    'focus-visible:after:outline-saffron after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2',
    item.title,
  );
  link.href = `/products/${encodeURIComponent(item.id)}`;
  const note = sellsToday(item) ? `${item.pack.label}, ${formatMoney(sellingPrice(item.pack))}` : 'Sold out';
  return element(
    'li',
    'border-line hover:border-ink/40 relative flex items-center gap-4 rounded-2xl border bg-white/80 p-3 transition-colors',
    picture,
    element(
      'div',
      'min-w-0',
      element('p', 'text-ink font-medium', link),
      element('p', 'text-ink-soft text-sm', note),
    ),
  );
}

/**
 * Draws "Recently viewed" in `place` once the shopper scrolls within 400 px of it: only then is
 * the catalogue's index asked for. Offline, the page simply has no such list.
 */
export function showRecentlyViewedWhenNear(place: HTMLElement, onScreen?: string): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      showRecentlyViewed(place, onScreen).catch(() => undefined);
    },
    { rootMargin: '400px 0px' },
  );
  observer.observe(place);
}

/**
 * Draws "Recently viewed" in `place`: the products this browser opened last, newest first, without
 * `onScreen`, as the catalogue's index has them; nothing when there are none (or none it sells).
 */
export async function showRecentlyViewed(place: HTMLElement, onScreen?: string): Promise<void> {
  const ids = $recentlyViewed.get().filter((id) => id !== onScreen);
  if (ids.length === 0) return;
  const byId = new Map((await fetchCatalogueIndex()).products.map((item) => [item.id, item]));
  const items = ids.flatMap((id) => byId.get(id) ?? []);
  if (items.length === 0) return;
  const heading = element('h2', 'mb-6 text-2xl sm:text-3xl', 'Recently viewed');
  heading.id = 'recently-viewed-heading';
  const list = element('ul', 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4', ...items.map(card));
  list.setAttribute('aria-label', 'Recently viewed');
  const section = element('section', 'container-page py-12 lg:py-16', heading, list);
  section.setAttribute('aria-labelledby', heading.id);
  place.replaceChildren(section);
}

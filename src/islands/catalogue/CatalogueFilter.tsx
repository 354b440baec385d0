import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  ALL_PRODUCTS,
  CATEGORY_FILTERS,
  catalogueUrl,
  filterFromSearch,
  filterProducts,
  type CatalogueFilter as Filter,
  type CategoryFilter,
} from '../../lib/catalogue';
import { cardProducts, showOnly } from './cards';
import { useProductList } from './useProductList';

interface Props {
  /** The id of the server-rendered `<ul>` of product cards this island shows and hides. */
  gridId: string;
  /** Products per category button, as built. */
  counts: Record<CategoryFilter, number>;
}

const NO_FILTER: Filter = { query: '', category: ALL_PRODUCTS };
/** The URL and the cards are read once after hydration; nothing here changes them from outside. */
const noChanges = () => () => {};

/**
 * Search box and category buttons of `/products`. Filters the server-rendered cards in place
 * (hides the ones that do not match), keeps the filter in the URL, and refreshes the product list
 * from the API through the data client.
 */
export default function CatalogueFilter({ gridId, counts }: Props) {
  // Server and hydration render see no URL and no cards; the browser's values follow at once.
  const search = useSyncExternalStore(
    noChanges,
    () => location.search,
    () => '',
  );
  const seed = useSyncExternalStore(
    noChanges,
    () => cardProducts(gridId),
    () => undefined,
  );
  const [edited, setEdited] = useState<Filter | null>(null);
  const filter = useMemo(() => edited ?? filterFromSearch(search), [edited, search]);
  const answer = useProductList();

  const products = answer.data?.success ? answer.data.products : seed;
  const shown = useMemo(
    () => (products ? new Set(filterProducts(products, filter).map((product) => product._id)) : null),
    [products, filter],
  );
  useEffect(() => {
    if (shown) showOnly(gridId, shown);
  }, [gridId, shown]);

  const update = (next: Filter) => {
    setEdited(next);
    try {
      history.replaceState(history.state, '', catalogueUrl(next) + location.hash);
    } catch {
      // The browser throttles URL updates under very fast input; the list is right regardless.
    }
  };

  const waiting = products?.length === 0 && answer.loading;
  let status = `${counts[ALL_PRODUCTS]} products`;
  if (shown) status = `${shown.size} ${shown.size === 1 ? 'product' : 'products'}`;
  if (waiting) status = 'Loading products...';

  return (
    <div className="flex flex-col gap-5">
      <form
        role="search"
        action="/products"
        onSubmit={(event) => event.preventDefault()}
        className="relative"
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="text-ink-soft pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2"
        >
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <input
          type="search"
          name="q"
          value={filter.query}
          onChange={(event) => update({ ...filter, query: event.target.value })}
          placeholder="Search products..."
          aria-label="Search products"
          autoComplete="off"
          className="field rounded-full py-3.5 pl-12 shadow-sm"
        />
      </form>
      <div
        role="group"
        aria-label="Category"
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {CATEGORY_FILTERS.map((category) => (
          <button
            key={category}
            type="button"
            aria-pressed={filter.category === category}
            onClick={() => update({ ...filter, category })}
            className="border-line text-ink hover:border-ink aria-pressed:bg-ink aria-pressed:border-ink aria-pressed:text-paper inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border bg-white px-4 text-sm font-medium transition-colors"
          >
            {category}
            <span className="text-xs tabular-nums opacity-70">{counts[category]}</span>
          </button>
        ))}
      </div>
      <p role="status" className="text-ink-soft text-sm">
        {status}
      </p>
      {shown?.size === 0 && !waiting && (
        <div className="card flex flex-col items-center gap-2 px-6 py-16 text-center">
          <p className="font-display text-ink text-2xl">No products found</p>
          <p className="text-ink-soft">Try adjusting your search or filters</p>
          <button type="button" className="btn-outline mt-4" onClick={() => update(NO_FILTER)}>
            Clear filters
          </button>
        </div>
      )}
    </div>
  );
}

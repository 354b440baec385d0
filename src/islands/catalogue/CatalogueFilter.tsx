import { useEffect, useMemo, useState } from 'react';
import type { FetcherValue } from '@nanostores/query';
import { toast } from 'sonner';
import {
  ALL_PRODUCTS,
  CATEGORY_FILTERS,
  catalogueUrl,
  filterFromSearch,
  filterProducts,
  type CatalogueFilter as Filter,
  type CategoryFilter,
  type Filterable,
} from '../../lib/catalogue';
import { $productList, $productListFailure, type ProductList } from '../../stores/products';

interface Props {
  /** The id of the server-rendered `<ul>` of product cards this island shows and hides. */
  gridId: string;
  /** Products per category button, as built. */
  counts: Record<CategoryFilter, number>;
}

const NO_FILTER: Filter = { query: '', category: ALL_PRODUCTS };

/** The product cards the server rendered, read once from their data attributes. */
function readCards(gridId: string): { element: HTMLElement; product: Filterable }[] {
  const grid = document.getElementById(gridId);
  return [...(grid?.querySelectorAll<HTMLElement>('[data-product-id]') ?? [])].map((element) => ({
    element,
    product: {
      _id: element.dataset.productId ?? '',
      title: element.dataset.title ?? '',
      variety: element.dataset.variety ?? '',
    },
  }));
}

/**
 * Search box and category buttons of `/products`. Filters the server-rendered cards in place
 * (hides the ones that do not match), keeps the filter in the URL, and refreshes the product list
 * from the API through the data client.
 */
export default function CatalogueFilter({ gridId, counts }: Props) {
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [cards, setCards] = useState<ReturnType<typeof readCards> | null>(null);
  const [answer, setAnswer] = useState<FetcherValue<ProductList>>({ loading: false });

  useEffect(() => {
    setFilter(filterFromSearch(location.search));
    setCards(readCards(gridId));
  }, [gridId]);

  // Subscribed after mount only: reading the store starts the request, which the server must not.
  useEffect(() => $productList.subscribe(setAnswer), []);
  useEffect(
    () =>
      $productListFailure.subscribe((error) => {
        if (error === undefined) return;
        console.error('Fetching products failed', error);
        toast.error('Something went wrong while fetching products');
      }),
    [],
  );
  useEffect(() => {
    if (answer.data && !answer.data.success) toast.error('Failed to fetch products');
  }, [answer.data]);

  const seed = useMemo(() => cards?.map((card) => card.product), [cards]);
  const products = answer.data?.success ? answer.data.products : seed;
  const shown = useMemo(
    () => (products ? new Set(filterProducts(products, filter).map((product) => product._id)) : null),
    [products, filter],
  );

  useEffect(() => {
    if (!cards || !shown) return;
    for (const { element, product } of cards) {
      const hidden = !shown.has(product._id);
      if (element.hidden !== hidden) element.hidden = hidden;
    }
  }, [cards, shown]);

  const update = (next: Filter) => {
    setFilter(next);
    history.replaceState(history.state, '', catalogueUrl(next) + location.hash);
  };

  const waiting = products?.length === 0 && answer.loading;
  let status = `${counts[ALL_PRODUCTS]} products`;
  if (shown) status = `${shown.size} ${shown.size === 1 ? 'product' : 'products'}`;
  if (waiting) status = 'Loading products...';

  return (
    <div className="flex flex-col gap-5">
      <form role="search" action="/products" onSubmit={(event) => event.preventDefault()} className="relative">
        <svg viewBox="0 0 24 24" aria-hidden="true" className="text-ink-soft pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2">
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
      <div role="group" aria-label="Category" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
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

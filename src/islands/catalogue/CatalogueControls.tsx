import type { MouseEvent } from 'react';
import { ALL_PRODUCTS, CATEGORY_FILTERS, type CategoryFilter } from '../../lib/catalogue';
import { SORT_ORDERS, catalogueUrl, type CatalogueQuery, type SortOrder } from '../../lib/search';

interface Props {
  query: CatalogueQuery;
  counts: Record<CategoryFilter, number>;
  /** A new query; `remember` adds a history entry (a click), else the current one is replaced (typing). */
  onChange: (next: CatalogueQuery, remember: boolean) => void;
}

/** Leaves clicks that open a new tab or window to the browser. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The catalogue's search box, category buttons, sort menu and stock switch. It is a GET form to
 * `/products`, so without JavaScript every control still searches (the buttons and Enter submit).
 */
export default function CatalogueControls({ query, counts, onChange }: Props) {
  const change = (patch: Partial<CatalogueQuery>, remember = true) =>
    onChange({ ...query, ...patch, page: 1 }, remember);

  return (
    <form
      role="search"
      aria-label="Products"
      action="/products"
      method="get"
      onSubmit={(event) => event.preventDefault()}
      className="flex flex-col gap-5"
    >
      <div className="relative">
        <button
          type="submit"
          aria-label="Search"
          className="text-ink-soft hover:text-ink absolute top-1/2 left-2 grid size-10 -translate-y-1/2 place-items-center rounded-full"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
        <input
          type="search"
          name="q"
          value={query.query}
          onChange={(event) => change({ query: event.target.value }, false)}
          placeholder="Search products..."
          aria-label="Search products"
          autoComplete="off"
          enterKeyHint="search"
          className="field search-field rounded-full py-3.5 pr-12 pl-12 shadow-sm"
        />
        {query.query && (
          // A link, so it clears the search before React arrives and without JavaScript too.
          <a
            href={catalogueUrl({ ...query, query: '', page: 1 })}
            aria-label="Clear search"
            onClick={(event) => {
              if (!plainClick(event)) return;
              event.preventDefault();
              change({ query: '' });
            }}
            className="text-ink-soft hover:bg-cream hover:text-ink absolute top-1/2 right-2 grid size-10 -translate-y-1/2 place-items-center rounded-full"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
              <path d="M18 6 6 18M6 6l12 12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </a>
        )}
      </div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div
          role="group"
          aria-label="Category"
          className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
        >
          {CATEGORY_FILTERS.map((category) => (
            <button
              key={category}
              type="submit"
              name="category"
              value={category}
              aria-pressed={query.category === category}
              onClick={(event) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                change({ category });
              }}
              className="border-line text-ink hover:border-ink aria-pressed:bg-ink aria-pressed:border-ink aria-pressed:text-paper inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border bg-white px-4 text-sm font-medium transition-colors"
            >
              {category}
              <span className="text-xs tabular-nums opacity-70">{counts[category]}</span>
            </button>
          ))}
        </div>
        {query.category !== ALL_PRODUCTS && <input type="hidden" name="category" value={query.category} />}
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
          <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium">
            <input
              type="checkbox"
              role="switch"
              name="stock"
              value="in"
              checked={query.inStockOnly}
              onChange={(event) => change({ inStockOnly: event.target.checked })}
              className="switch"
            />
            In stock only
          </label>
          <label className="flex items-center gap-2 text-sm font-medium">
            Sort by
            <select
              name="sort"
              value={query.sort}
              onChange={(event) => change({ sort: event.target.value as SortOrder })}
              className="field min-h-11 w-auto rounded-full py-2 pr-9 pl-4 text-sm"
            >
              {SORT_ORDERS.map((order) => (
                <option key={order.value} value={order.value}>
                  {order.label}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit" className="btn-outline min-h-11 px-5 text-sm">
              Apply
            </button>
          </noscript>
        </div>
      </div>
    </form>
  );
}

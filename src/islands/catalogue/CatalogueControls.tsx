import type { KeyboardEvent, MouseEvent } from 'react';
import { CloseIcon, SearchIcon } from '#src/islands/common/icons.tsx';
import { useHydrated } from '#src/islands/common/useHydrated.ts';
import { ALL_PRODUCTS, CATEGORY_FILTERS, type CategoryFilter } from '#src/lib/categories.ts';
import { SORT_ORDERS, catalogueUrl, type CatalogueQuery, type SortOrder } from '#src/lib/catalogueQuery.ts';

interface Props {
  query: CatalogueQuery;
  counts: Record<CategoryFilter, number>;
  /** A new query; `remember` adds a history entry (a click), else the current one is replaced (typing). */
  onChange: (next: CatalogueQuery, remember: boolean) => void;
  /** Enter sends the form to the server: the page cannot search without its index. */
  submits?: boolean;
}

const FILTERS_ID = 'catalogue-filters';

/** Invoker command attributes for the filter sheet (React's types do not know them yet). */
const invoke = (command: 'show-modal' | 'close'): Record<string, string> => ({
  command,
  commandfor: FILTERS_ID,
});

/** The arrow keys, Home and End move focus among the category buttons (one tab stop). */
function moveAmongChips(event: KeyboardEvent<HTMLDivElement>) {
  const chips = [...event.currentTarget.querySelectorAll('button')];
  const at = chips.findIndex((chip) => chip === document.activeElement);
  const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  let next: number | undefined;
  if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = chips.length - 1;
  else if (step[event.key] !== undefined && at >= 0)
    next = (at + (step[event.key] ?? 0) + chips.length) % chips.length;
  if (next === undefined) return;
  event.preventDefault();
  chips[next]?.focus();
}

/** Leaves clicks that open a new tab or window to the browser. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** The filters a query applies, each with what takes it away: its chip under "Filter & sort". */
function appliedFilters(query: CatalogueQuery) {
  const applied: { label: string; without: Partial<CatalogueQuery> }[] = [];
  if (query.category !== ALL_PRODUCTS)
    applied.push({ label: query.category, without: { category: ALL_PRODUCTS } });
  if (query.inStockOnly) applied.push({ label: 'In stock only', without: { inStockOnly: false } });
  return applied;
}

/**
 * The catalogue's search box, category buttons, sort menu and stock switch. It is a GET form to
 * `/products`, so without JavaScript every control still searches (the buttons and Enter submit).
 */
export default function CatalogueControls({ query, counts, onChange, submits = false }: Props) {
  const hydrated = useHydrated();
  const change = (patch: Partial<CatalogueQuery>, remember = true) =>
    onChange({ ...query, ...patch, page: 1 }, remember);
  const applied = appliedFilters(query);

  return (
    <form
      role="search"
      aria-label="Products"
      action="/products"
      method="get"
      onSubmit={(event) => {
        if (!submits) event.preventDefault();
      }}
      className="flex flex-col gap-5"
    >
      <div className="relative">
        <button
          type="submit"
          aria-label="Search"
          className="text-ink-soft hover:text-ink absolute top-1/2 left-2 grid size-10 -translate-y-1/2 place-items-center rounded-full"
        >
          <SearchIcon />
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
            <CloseIcon className="size-4" />
          </a>
        )}
      </div>
      <button
        type="button"
        {...invoke('show-modal')}
        className="btn-outline min-h-11 w-full justify-center gap-2 lg:hidden"
      >
        Filter &amp; sort
        {applied.length > 0 && (
          <span className="bg-ink text-paper grid size-6 place-items-center rounded-full text-xs tabular-nums">
            {applied.length}
            <span className="sr-only"> applied</span>
          </span>
        )}
      </button>
      {/*
        What the sheet hides on a phone, said under its button: each filter that applies, as a
        chip that takes it away. Links, so they work before React and without JavaScript.
      */}
      {applied.length > 0 && (
        <ul aria-label="Filters applied" className="-mt-2 flex flex-wrap gap-2 lg:hidden">
          {applied.map(({ label, without }) => (
            <li key={label}>
              <a
                href={catalogueUrl({ ...query, ...without, page: 1 })}
                aria-label={`Remove filter: ${label}`}
                onClick={(event) => {
                  if (!plainClick(event)) return;
                  event.preventDefault();
                  change(without);
                }}
                className="border-ink bg-ink text-paper inline-flex min-h-9 items-center gap-1.5 rounded-full border pr-2.5 pl-3.5 text-sm font-medium"
              >
                {label}
                <CloseIcon className="size-3.5" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {/*
        On a phone the filters wait in a sheet, so the first row of products is on the first
        screen; from the wide layout up they stand above the products. A native dialog opened by
        invoker commands, so the button works before React and without JavaScript.
      */}
      <dialog
        id={FILTERS_ID}
        aria-labelledby={`${FILTERS_ID}-title`}
        onClick={(event) => {
          // A click on the backdrop (the dialog itself, outside its panel) closes it.
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
        className="bg-paper text-ink backdrop:bg-ink/40 m-0 mt-auto max-h-[85vh] w-full max-w-none rounded-t-3xl p-6 shadow-2xl lg:static lg:m-0 lg:block lg:max-h-none lg:w-auto lg:rounded-none lg:bg-transparent lg:p-0 lg:shadow-none"
      >
        <div className="mb-5 flex items-center justify-between lg:hidden">
          <h2 id={`${FILTERS_ID}-title`} className="text-2xl">
            Filter &amp; sort
          </h2>
          <button type="button" {...invoke('close')} className="btn-primary min-h-11 px-5">
            Show products
          </button>
        </div>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <div role="group" aria-label="Category" onKeyDown={moveAmongChips} className="flex flex-wrap gap-2">
            {CATEGORY_FILTERS.map((category) => (
              <button
                key={category}
                type="submit"
                name="category"
                value={category}
                aria-pressed={query.category === category}
                // One tab stop for the chips once the arrow keys can move between them.
                tabIndex={hydrated && query.category !== category ? -1 : undefined}
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
      </dialog>
    </form>
  );
}

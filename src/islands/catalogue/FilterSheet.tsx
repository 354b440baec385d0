import { ALL_PRODUCTS, type CategoryFilter } from '#src/lib/categories.ts';
import { SORT_ORDERS, appliedFilters, type CatalogueQuery, type SortOrder } from '#src/lib/catalogueQuery.ts';
import AppliedFilters from './AppliedFilters.tsx';
import CategoryChips from './CategoryChips.tsx';
import type { ChangeQuery } from './changeQuery.ts';

interface Props {
  query: CatalogueQuery;
  counts: Record<CategoryFilter, number>;
  change: ChangeQuery;
}

const FILTERS_ID = 'catalogue-filters';

/** Invoker command attributes for the filter sheet (React's types do not know them yet). */
const invoke = (command: 'show-modal' | 'close'): Record<string, string> => ({
  command,
  commandfor: FILTERS_ID,
});

/**
 * The categories, stock switch and sort menu: on a phone in a sheet, opened by "Filter & sort",
 * with the filters that apply said under its button; from the wide layout up, above the products.
 */
export default function FilterSheet({ query, counts, change }: Props) {
  const applied = appliedFilters(query);
  return (
    <>
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
      <AppliedFilters query={query} applied={applied} change={change} />
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
          <CategoryChips query={query} counts={counts} change={change} />
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
    </>
  );
}

import type { CategoryFilter } from '#src/lib/categories.ts';
import type { CatalogueQuery } from '#src/lib/catalogueQuery.ts';
import type { ChangeQuery } from './changeQuery.ts';
import FilterSheet from './FilterSheet.tsx';
import SearchBox from './SearchBox.tsx';

interface Props {
  query: CatalogueQuery;
  counts: Record<CategoryFilter, number>;
  /** A new query; `remember` adds a history entry (a click), else the current one is replaced (typing). */
  onChange: (next: CatalogueQuery, remember: boolean) => void;
  /** Enter sends the form to the server: the page cannot search without its index. */
  submits?: boolean;
}

/**
 * The catalogue's search box, category buttons, sort menu and stock switch. It is a GET form to
 * `/products`, so without JavaScript every control still searches (the buttons and Enter submit).
 */
export default function CatalogueControls({ query, counts, onChange, submits = false }: Props) {
  const change: ChangeQuery = (patch, remember = true) => onChange({ ...query, ...patch, page: 1 }, remember);

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
      <SearchBox query={query} change={change} />
      <FilterSheet query={query} counts={counts} change={change} />
    </form>
  );
}

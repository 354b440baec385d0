import { CloseIcon, SearchIcon } from '#src/islands/common/icons.tsx';
import { catalogueUrl, type CatalogueQuery } from '#src/lib/catalogueQuery.ts';
import type { ChangeQuery } from './changeQuery.ts';
import { plainClick } from './plainClick.ts';

/** The catalogue's search box, with a button that submits it and a link that clears it. */
export default function SearchBox({ query, change }: { query: CatalogueQuery; change: ChangeQuery }) {
  return (
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
  );
}

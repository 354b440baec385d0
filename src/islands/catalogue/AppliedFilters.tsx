import { CloseIcon } from '#src/islands/common/icons.tsx';
import { catalogueUrl, type AppliedFilter, type CatalogueQuery } from '#src/lib/catalogueQuery.ts';
import type { ChangeQuery } from './changeQuery.ts';
import { plainClick } from './plainClick.ts';

interface Props {
  query: CatalogueQuery;
  applied: AppliedFilter[];
  change: ChangeQuery;
}

/**
 * What the filter sheet hides on a phone, said under its button: each filter that applies, as a
 * chip that takes it away. Links, so they work before React and without JavaScript.
 */
export default function AppliedFilters({ query, applied, change }: Props) {
  if (applied.length === 0) return null;
  return (
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
  );
}

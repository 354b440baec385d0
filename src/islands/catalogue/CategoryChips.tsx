import type { KeyboardEvent } from 'react';
import { useHydrated } from '#src/islands/common/useHydrated.ts';
import { CATEGORY_FILTERS, type CategoryFilter } from '#src/lib/categories.ts';
import type { CatalogueQuery } from '#src/lib/catalogueQuery.ts';
import type { ChangeQuery } from './changeQuery.ts';
import { plainClick } from './plainClick.ts';

interface Props {
  query: CatalogueQuery;
  counts: Record<CategoryFilter, number>;
  change: ChangeQuery;
}

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

/** The category buttons, each with its count; the chosen one pressed. Without JavaScript, each submits. */
export default function CategoryChips({ query, counts, change }: Props) {
  const hydrated = useHydrated();
  return (
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
  );
}

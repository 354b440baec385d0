import type { MouseEvent } from 'react';
import { catalogueUrl, type CatalogueQuery } from '#src/lib/catalogueQuery.ts';

interface Props {
  query: CatalogueQuery;
  page: number;
  pageCount: number;
  /** Shows page `page` in place; without JavaScript the links load it. */
  onPage: (page: number) => void;
}

/** Page numbers to show: the first, the last, and two either side of the current one. */
function pagesAround(page: number, pageCount: number): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  for (let n = 1; n <= pageCount; n += 1) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) pages.push(n);
    else if (pages.at(-1) !== 'gap') pages.push('gap');
  }
  return pages;
}

const LINK =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-semibold tabular-nums transition-colors';

/** Links to the catalogue's pages: real addresses, so every page can be reached and indexed. */
export default function Pagination({ query, page, pageCount, onPage }: Props) {
  if (pageCount <= 1) return null;
  const follow = (target: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onPage(target);
  };
  const link = (target: number, label: string, rel?: string) => (
    <a
      href={catalogueUrl({ ...query, page: target })}
      rel={rel}
      onClick={follow(target)}
      className={`${LINK} btn-outline`}
    >
      {label}
    </a>
  );
  return (
    <nav aria-label="Pages" className="mt-14 flex flex-wrap items-center justify-center gap-2">
      {page > 1 && link(page - 1, 'Previous', 'prev')}
      <ol className="flex flex-wrap items-center gap-1">
        {pagesAround(page, pageCount).map((n, index) => (
          <li key={n === 'gap' ? `gap-${index}` : n}>
            {n === 'gap' ? (
              <span className="text-ink-soft px-1">…</span>
            ) : (
              <a
                href={catalogueUrl({ ...query, page: n })}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                onClick={follow(n)}
                className={`${LINK} hover:bg-cream aria-[current=page]:bg-ink aria-[current=page]:text-paper`}
              >
                {n}
              </a>
            )}
          </li>
        ))}
      </ol>
      {page < pageCount && link(page + 1, 'Next', 'next')}
    </nav>
  );
}

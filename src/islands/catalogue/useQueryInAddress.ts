import { useCallback, useEffect, useRef, useState } from 'react';
import { catalogueUrl, queryFromUrl, type CatalogueQuery } from '#src/lib/catalogueQuery.ts';

/** How long typing must pause before the address follows the search box. */
const TYPING_PAUSE_MS = 250;

export const sameQuery = (a: CatalogueQuery, b: CatalogueQuery) => catalogueUrl(a) === catalogueUrl(b);

/**
 * The catalogue's query, kept in the address: a change with `remember` (a click) adds a history
 * entry, typing replaces the current one once it pauses, and back and forward bring their query
 * back. `wanted` says the index is needed: the query has left the page's, or `want` was called.
 */
export function useQueryInAddress(initial: CatalogueQuery) {
  const [query, setQuery] = useState(initial);
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => setWanted(true), []);

  // Back and forward move through the catalogue's own history entries: follow the address, also
  // when a step before hydration (which it caused) left it naming another search than the page's.
  useEffect(() => {
    const fromAddress = () => {
      const asked = queryFromUrl(new URL(location.href));
      setQuery(asked);
      if (!sameQuery(asked, initial)) setWanted(true);
    };
    if (!sameQuery(queryFromUrl(new URL(location.href)), initial)) fromAddress();
    addEventListener('popstate', fromAddress);
    return () => removeEventListener('popstate', fromAddress);
  }, [initial]);

  // Counts the updates: a typed search's address is written only if no update came after it.
  const updates = useRef(0);
  const update = (next: CatalogueQuery, remember: boolean) => {
    setQuery(next);
    want();
    const turn = ++updates.current;
    const write = () => {
      if (turn !== updates.current) return;
      try {
        history[remember ? 'pushState' : 'replaceState'](null, '', catalogueUrl(next));
      } catch {
        // The browser throttles address updates under very fast typing; the list is right regardless.
      }
    };
    if (remember) write();
    // A typed search's address is written once typing pauses: replacing the address takes
    // several milliseconds, which each keystroke paid before the next one could be drawn.
    else setTimeout(write, TYPING_PAUSE_MS);
  };
  return { query, wanted, want, update };
}

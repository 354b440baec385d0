import type { CatalogueQuery } from '#src/lib/catalogueQuery.ts';

/** Applies a change to the query from page 1; `remember` (a click) adds a history entry. */
export type ChangeQuery = (patch: Partial<CatalogueQuery>, remember?: boolean) => void;

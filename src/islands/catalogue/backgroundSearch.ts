import { useEffect, useMemo, useRef, useState } from 'react';
import type { CategoryFilter } from '#src/lib/catalogue.ts';
import type {
  CatalogueItem,
  CataloguePage,
  CatalogueQuery,
  CatalogueSearch,
  NoResultsHelp,
} from '#src/lib/search.ts';
import type { ProductRatings } from '#src/lib/reviews.ts';
import { toast } from '#src/islands/toast/toast.ts';
import { FAILED } from './useCatalogueIndex.ts';

/** What the catalogue tells its search worker (searchWorker.ts). */
export type ToSearchWorker =
  | { type: 'index'; items: readonly CatalogueItem[] }
  | { type: 'ratings'; ratings: ProductRatings }
  | { type: 'search'; turn: number; query: CatalogueQuery };

/**
 * The worker's answer to one search. Products are named by their place in the index: the page
 * draws its own copies, so a card whose product stays on the list is not drawn again.
 */
export interface WorkerAnswer {
  turn: number;
  found: Omit<CataloguePage, 'items'> & { places: number[] };
  counts: Record<CategoryFilter, number>;
  /** What to offer instead, when the search found nothing. */
  help?: Omit<NoResultsHelp, 'bestSellers'> & { bestSellers: number[] };
}

/** A search the worker answered, in the index's own products. */
export interface BackgroundSearch {
  search: CatalogueSearch;
  help?: NoResultsHelp;
}

function withProducts(
  { found, counts, help }: WorkerAnswer,
  index: readonly CatalogueItem[],
): BackgroundSearch {
  const products = (places: number[]) => places.flatMap((place) => index[place] ?? []);
  const { places, ...page } = found;
  const search = { found: { ...page, items: products(places) }, counts };
  return help ? { search, help: { ...help, bestSellers: products(help.bestSellers) } } : { search };
}

/**
 * Searches `index` in a worker once it is there. `answer` is the answer to the latest query, or
 * until it comes the one before (a keystroke paints the letter typed at once, and its list a
 * moment later); undefined until the worker has answered once. Answers to queries overtaken by
 * newer ones are dropped. `broken` when the worker could not run (a page left open across a
 * deploy asks for a script that is gone): the shopper is told, as when the index cannot come.
 */
export function useBackgroundSearch(
  index: readonly CatalogueItem[] | undefined,
  query: CatalogueQuery,
  ratings: ProductRatings,
): { answer: BackgroundSearch | undefined; broken: boolean } {
  const worker = useRef<Worker | undefined>(undefined);
  const latest = useRef(0);
  const [answer, setAnswer] = useState<WorkerAnswer | undefined>();
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    if (!index) return;
    const started = new Worker(new URL('./searchWorker.ts', import.meta.url), { type: 'module' });
    started.addEventListener('message', ({ data }: MessageEvent<WorkerAnswer>) => {
      if (data.turn === latest.current) setAnswer(data);
    });
    // A script that does not load fires this too, with no message.
    started.addEventListener('error', () => {
      console.error('Searching products failed');
      toast.error(FAILED);
      setBroken(true);
    });
    started.postMessage({ type: 'index', items: index } satisfies ToSearchWorker);
    worker.current = started;
    return () => {
      worker.current = undefined;
      started.terminate();
    };
  }, [index]);
  useEffect(() => {
    worker.current?.postMessage({ type: 'ratings', ratings } satisfies ToSearchWorker);
  }, [index, ratings]);
  useEffect(() => {
    latest.current += 1;
    worker.current?.postMessage({ type: 'search', turn: latest.current, query } satisfies ToSearchWorker);
  }, [index, ratings, query]);

  const drawn = useMemo(() => (answer && index ? withProducts(answer, index) : undefined), [answer, index]);
  return { answer: drawn, broken };
}

import { useEffect, useMemo, useRef, useState } from 'react';
import type { CategoryFilter } from '#src/lib/categories.ts';
import { answerSearch } from '#src/lib/search.ts';
import type { CatalogueItem } from '#src/lib/catalogueIndex.ts';
import type { CatalogueQuery } from '#src/lib/catalogueQuery.ts';
import type { AnsweredSearch, CataloguePage } from '#src/lib/search.ts';
import type { NoResultsHelp } from '#src/lib/searchCorrection.ts';
import type { ProductRatings } from '#src/lib/reviews.ts';

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

function withProducts(
  { found, counts, help }: WorkerAnswer,
  index: readonly CatalogueItem[],
): AnsweredSearch {
  const products = (places: number[]) => places.flatMap((place) => index[place] ?? []);
  const { places, ...page } = found;
  const search = { found: { ...page, items: products(places) }, counts };
  return help ? { search, help: { ...help, bestSellers: products(help.bestSellers) } } : { search };
}

/**
 * Searches `index` in a worker once it is there, and answers in the index's own products: the
 * answer to the latest query, or until it comes the one before (a keystroke paints the letter
 * typed at once, and its list a moment later); undefined until the worker has answered once.
 * Answers to queries overtaken by newer ones are dropped. If the worker cannot run (a page left
 * open across a deploy asks for a script that is gone), the index is searched on the page's own
 * thread: slower at thousands of products, the same answers.
 */
export function useBackgroundSearch(
  index: readonly CatalogueItem[] | undefined,
  query: CatalogueQuery,
  ratings: ProductRatings,
): AnsweredSearch | undefined {
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
      console.error('Searching products in the background failed; searching on the page instead');
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

  return useMemo(() => {
    if (!index) return undefined;
    if (broken) return answerSearch(index, query, ratings);
    return answer && withProducts(answer, index);
  }, [answer, index, broken, query, ratings]);
}

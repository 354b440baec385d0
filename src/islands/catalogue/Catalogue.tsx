import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import {
  ALL_OF_CATALOGUE,
  catalogueHeading,
  catalogueTitle,
  catalogueUrl,
  type CatalogueQuery,
} from '#src/lib/catalogueQuery.ts';
import type { CataloguePage } from '#src/lib/search.ts';
import type { NoResultsHelp } from '#src/lib/searchCorrection.ts';
import type { CategoryFilter } from '#src/lib/categories.ts';
import type { RecipeFound } from '#src/lib/recipes.ts';
import type { ProductRatings } from '#src/lib/reviews.ts';
import { SITE } from '#src/lib/site.ts';
import { useFocusAfterDraw } from '#src/islands/common/keepFocus.ts';
import { $wishlist, isSaved } from '#src/stores/wishlist.ts';
import { useBackgroundSearch } from './backgroundSearch.ts';
import CatalogueControls from './CatalogueControls.tsx';
import CatalogueGrid from './CatalogueGrid.tsx';
import NoResults from './NoResults.tsx';
import Pagination from './Pagination.tsx';
import RecipesFound from './RecipesFound.tsx';
import { useCatalogueIndex } from './useCatalogueIndex.ts';
import { useFirstScreenFirst } from './useFirstScreenFirst.ts';
import { sameQuery, useQueryInAddress } from './useQueryInAddress.ts';
import { useRatings } from './useRatings.ts';
import { useRecipesFound } from './useRecipesFound.ts';

interface Props {
  /** The query the page was rendered for. */
  initial: CatalogueQuery;
  /** Where the page rendered with it stands among the pages found. */
  shown: Omit<CataloguePage, 'items'>;
  /**
   * Its cards, drawn by the server (CatalogueGrid) and shown until the index has been searched:
   * HTML the island keeps as it is, not a second copy of every card in its props.
   */
  children?: ReactNode;
  /** Products per category button, within the search. */
  counts: Record<CategoryFilter, number>;
  /** What the server offered when the query it rendered found nothing. */
  help: NoResultsHelp;
  /** The approved reviews' summary the server sorted by (empty unless it sorted by rating). */
  ratings: ProductRatings;
  /** The recipes the server's search found (left out when none, as on the unsearched catalogue). */
  recipes?: RecipeFound[];
}

/**
 * `/products`: heading, search, categories, sort, stock switch, one page of cards and the page
 * links. Rendered on the server for the page asked for; in the browser a worker searches the
 * compact index (fetched once) and the island draws only the page shown. The query lives in the
 * address. If the index cannot come, the server searches, as it does without JavaScript.
 */
export default function Catalogue({
  initial,
  shown,
  counts,
  help,
  ratings: rendered,
  recipes: recipesRendered = [],
  children,
}: Props) {
  const { query, wanted, want, update: follow } = useQueryInAddress(initial);
  const answer = useCatalogueIndex(wanted);
  const ratings = useRatings(query.sort === 'rating', rendered);
  const saved = useStore($wishlist, { ssr: 'initial' });

  const index = answer.data?.success ? answer.data.products : undefined;
  const recipes = useRecipesFound(answer.data, query.query, initial.query, recipesRendered);
  const background = useBackgroundSearch(index, query, ratings);
  const found = background?.search.found;
  const result = found ?? shown;
  const drawn = useFirstScreenFirst(useMemo(() => found?.items.map((item) => item.id), [found]));
  const noResults = background?.help ?? help;
  const indexFailed = answer.error !== undefined || answer.data?.success === false;
  const waiting = !background && !indexFailed && wanted && !sameQuery(query, initial);

  // A tap or focus on the controls is often what hydrated the island, before it could hear it.
  const controls = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (controls.current?.contains(document.activeElement)) want();
  }, [want]);

  const title = catalogueTitle({ ...query, page: result.page });
  useEffect(() => {
    document.title = `${title} | ${SITE.name}`;
  }, [title]);

  // Without its index the page cannot search: the server does (a typed search, on Enter).
  const update = (next: CatalogueQuery, remember: boolean) =>
    indexFailed && remember ? location.assign(catalogueUrl(next)) : follow(next, remember);
  // The link followed may not be on the next page (Previous on page 1): the results' heading,
  // naming the page, takes the focus once that page is drawn, and the next Tab reaches its cards.
  const focus = useFocusAfterDraw();
  const showPage = (page: number) => {
    update({ ...query, page }, true);
    focus.later(`page ${page}`);
    document.getElementById('catalogue-results')?.scrollIntoView({ block: 'start' });
  };

  const count = `${result.total} ${result.total === 1 ? 'product' : 'products'}`;
  return (
    <>
      {/*
        A slim band on every screen, the heading alone: the first row of cards shows on arrival, on
        a desktop too (its eyebrow and lead took a third of a laptop's first screen).
      */}
      <section className="bg-cream/60 border-line border-b">
        <div className="container-page py-5 sm:py-7">
          <h1 className="text-3xl sm:text-5xl">{catalogueHeading(query)}</h1>
        </div>
      </section>
      <div className="container-page py-5 sm:py-6 lg:pt-5">
        {/* Reaching for a control fetches the index, so it is there by the first keystroke. */}
        <div ref={controls} onFocusCapture={want} onPointerEnter={want} onTouchStart={want}>
          <CatalogueControls
            query={query}
            counts={background?.search.counts ?? counts}
            onChange={update}
            submits={indexFailed}
          />
        </div>
        <p role="status" className="text-ink-soft mt-3 text-sm sm:mt-4">
          {waiting ? 'Loading products...' : count}
        </p>
        <RecipesFound recipes={recipes} />
        <h2
          id="catalogue-results"
          ref={focus.target(`page ${result.page}`)}
          tabIndex={-1}
          className="sr-only scroll-mt-24"
        >
          {result.pageCount > 1 ? `Products, page ${result.page} of ${result.pageCount}` : 'Products'}
        </h2>
        {result.total === 0 && !waiting ? (
          <NoResults
            help={noResults}
            saved={saved}
            onClear={() => update(ALL_OF_CATALOGUE, true)}
            onSearch={(text) => update({ ...ALL_OF_CATALOGUE, query: text }, true)}
          />
        ) : found ? (
          <CatalogueGrid
            cards={found.items.slice(0, drawn)}
            isSaved={(card) => isSaved(saved, { productId: card.id, pack: card.pack.label })}
          />
        ) : (
          children
        )}
        <Pagination query={query} page={result.page} pageCount={result.pageCount} onPage={showPage} />
      </div>
    </>
  );
}

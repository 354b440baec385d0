import { catalogueUrl } from '#src/lib/catalogueQuery.ts';
import type { NoResultsHelp } from '#src/lib/searchCorrection.ts';
import { isSaved, type WishlistItem } from '#src/stores/wishlist.ts';
import ProductCard from './ProductCard.tsx';

interface Props {
  help: NoResultsHelp;
  /** The wishlist, for the cards' hearts. */
  saved: readonly WishlistItem[];
  onClear: () => void;
  /** Opens the corrected search in place (a plain link without JavaScript). */
  onSearch: (text: string) => void;
}

/** The spec's empty state, then a corrected search to follow or the best sellers to look at. */
export default function NoResults({ help, saved, onClear, onSearch }: Props) {
  const { closeSearch, bestSellers } = help;
  return (
    <>
      <div className="card mt-8 flex flex-col items-center gap-2 px-6 py-16 text-center">
        <p className="font-display text-ink text-2xl">No products found</p>
        <p className="text-ink-soft">Try adjusting your search or filters</p>
        {closeSearch && (
          <p className="text-ink mt-2 text-lg">
            Did you mean{' '}
            <a
              href={catalogueUrl({ query: closeSearch })}
              onClick={(event) => {
                event.preventDefault();
                onSearch(closeSearch);
              }}
              className="font-semibold underline underline-offset-4"
            >
              {closeSearch}
            </a>
            ?
          </p>
        )}
        <button type="button" className="btn-outline mt-4" onClick={onClear}>
          Clear filters
        </button>
      </div>
      {bestSellers.length > 0 && (
        <section aria-labelledby="best-sellers-instead" className="mt-12">
          <h2 id="best-sellers-instead" className="text-2xl">
            Our best sellers
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4">
            {bestSellers.slice(0, 8).map((item) => (
              <li key={item.id}>
                <ProductCard
                  item={item}
                  eager={false}
                  saved={isSaved(saved, { productId: item.id, pack: item.pack.label })}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

import { useStore } from '@nanostores/react';
import { $wishlist } from '#src/stores/wishlist.ts';
import EmptyState from '#src/islands/common/EmptyState.tsx';
import { HeartIcon } from '#src/islands/common/icons.tsx';
import StoredListPlaceholder, { STORED_PICTURES } from '#src/islands/common/StoredListPlaceholder.tsx';
import { useHydrated } from '#src/islands/common/useHydrated.ts';
import { useFocusAfterDraw } from '#src/islands/common/keepFocus.ts';
import WishlistCard from './WishlistCard.tsx';
import { useProductsToday } from '#src/islands/common/useProductsToday.ts';

/** The `/wishlist` screen: saved products, each ready to go into the cart at today's price. */
export default function WishlistPage() {
  const hydrated = useHydrated();
  const items = useStore($wishlist, { ssr: 'initial' });
  const today = useProductsToday(items);
  // A removed card's focus goes to the next card, else the one before, else the empty state.
  const focus = useFocusAfterDraw();

  const empty = (
    <EmptyState
      icon={<HeartIcon className="size-9" />}
      title="Your wishlist is empty"
      text="Tap the heart on any spice you love and it will wait for you here."
      action={{ href: '/products', label: 'Browse Products' }}
      headingRef={focus.target(EMPTY)}
    />
  );
  if (!hydrated || items.length === 0) {
    const skeleton = (
      <div role="status" aria-busy="true" aria-label="Loading your wishlist" className={GRID}>
        {[...STORED_PICTURES, ''].map((picture, card) => (
          <div key={card} className="card flex flex-col overflow-hidden">
            <div className={`bg-cream aspect-square w-full bg-cover bg-center ${picture}`} />
            {/* The card's name, price and button, each as tall as on the card (WishlistCard). */}
            <div className="flex animate-pulse flex-col gap-3 p-3 sm:gap-4 sm:p-5">
              <div>
                <div className="flex h-5.5 items-center sm:h-7">
                  <div className="bg-cream h-4 w-3/4 rounded-full sm:h-5" />
                </div>
                <div className="mt-1 flex h-5 items-center sm:h-6">
                  <div className="bg-cream h-3.5 w-1/3 rounded-full sm:h-4" />
                </div>
              </div>
              <div className="bg-cream h-11 rounded-full" />
            </div>
          </div>
        ))}
      </div>
    );
    return <StoredListPlaceholder hydrated={hydrated} skeleton={skeleton} empty={empty} />;
  }
  return (
    <ul className={GRID}>
      {items.map((item, index) => (
        <WishlistCard
          key={item.id}
          item={item}
          product={today.get(item.productId)}
          focusRef={focus.target(item.id)}
          onRemoved={() => focus.later((items[index + 1] ?? items[index - 1])?.id ?? EMPTY)}
        />
      ))}
    </ul>
  );
}

/** The focus key of the empty state's heading. */
const EMPTY = 'empty';
const GRID = 'grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 lg:gap-8 xl:grid-cols-4';

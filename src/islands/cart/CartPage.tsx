import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { originalPriceOf, type OriginalPrices } from '#src/lib/catalogue.ts';
import { $cart } from '#src/stores/cart.ts';
import EmptyState from '#src/islands/common/EmptyState.tsx';
import { BagIcon } from '#src/islands/common/icons.tsx';
import StoredListPlaceholder from '#src/islands/common/StoredListPlaceholder.tsx';
import { useHydrated } from '#src/islands/common/useHydrated.ts';
import CartLineItem from './CartLineItem.tsx';
import CartSkeleton from './CartSkeleton.tsx';
import CartSummary from './CartSummary.tsx';

interface Props {
  /** Slugs of the products the catalogue has today; a line of any other still shows. */
  catalogue: string[];
  /** Today's original prices of the packs on offer, struck beside lines at the offer price. */
  originals: OriginalPrices;
}

/** The `/cart` screen: the stored lines, their quantities, and the order summary. */
export default function CartPage({ catalogue, originals }: Props) {
  const hydrated = useHydrated();
  const lines = useStore($cart, { ssr: 'initial' });
  const listHeading = useRef<HTMLHeadingElement>(null);

  const empty = (
    <EmptyState
      icon={<BagIcon className="size-9" />}
      title="Your cart is empty"
      text="Saffron, cardamom and small-batch blends are a click away."
      action={{ href: '/products', label: 'Browse Products' }}
    />
  );
  if (!hydrated || lines.length === 0) {
    return <StoredListPlaceholder hydrated={hydrated} skeleton={<CartSkeleton />} empty={empty} />;
  }

  const known = new Set(catalogue);
  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-12">
      <section aria-labelledby="cart-lines">
        <h2 id="cart-lines" ref={listHeading} tabIndex={-1} className="sr-only">
          Items in your cart
        </h2>
        <ul className="card divide-line divide-y overflow-hidden">
          {lines.map((line, position) => (
            <CartLineItem
              key={line.id}
              line={line}
              position={position}
              original={originalPriceOf(originals, line)}
              href={known.has(line.productId) ? `/products/${line.productId}` : null}
              onRemoved={() => listHeading.current?.focus()}
            />
          ))}
        </ul>
      </section>
      <CartSummary />
    </div>
  );
}

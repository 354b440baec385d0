import { useStore } from '@nanostores/react';
import { originalPriceOf } from '#src/lib/lineItem.ts';
import { packNamed } from '#src/lib/productToday.ts';
import { $cart } from '#src/stores/cart.ts';
import EmptyState from '#src/islands/common/EmptyState.tsx';
import { BagIcon } from '#src/islands/common/icons.tsx';
import StoredListPlaceholder from '#src/islands/common/StoredListPlaceholder.tsx';
import { useHydrated } from '#src/islands/common/useHydrated.ts';
import { useFocusAfterDraw } from '#src/islands/common/keepFocus.ts';
import CartLineItem from './CartLineItem.tsx';
import CartSkeleton from './CartSkeleton.tsx';
import CartSummary from './CartSummary.tsx';
import { useProductsToday } from '#src/islands/common/useProductsToday.ts';

/** The focus key of the list's heading, or of the empty state's once nothing is left. */
const LIST_HEADING = 'list';

/**
 * The `/cart` screen: the stored lines, their quantities, and the order summary. A line whose
 * product the catalogue no longer has still shows; one on offer today has its original price
 * struck beside it.
 */
export default function CartPage() {
  const hydrated = useHydrated();
  const lines = useStore($cart, { ssr: 'initial' });
  // A removed line's focus goes to the list's heading, or the empty state's once the cart is
  // empty; an Undo's to the line it put back.
  const focus = useFocusAfterDraw();
  const today = useProductsToday(lines);

  const empty = (
    <EmptyState
      icon={<BagIcon className="size-9" />}
      title="Your cart is empty"
      text="Saffron, cardamom and small-batch blends are a click away."
      action={{ href: '/products', label: 'Browse Products' }}
      headingRef={focus.target(LIST_HEADING)}
    />
  );
  if (!hydrated || lines.length === 0) {
    return <StoredListPlaceholder hydrated={hydrated} skeleton={<CartSkeleton />} empty={empty} />;
  }

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-12">
      <section aria-labelledby="cart-lines">
        <h2 id="cart-lines" ref={focus.target(LIST_HEADING)} tabIndex={-1} className="sr-only">
          Items in your cart
        </h2>
        <ul className="card divide-line divide-y overflow-hidden">
          {lines.map((line, position) => (
            <CartLineItem
              key={line.id}
              line={line}
              position={position}
              original={originalPriceOf(today.get(line.productId), line)}
              left={packNamed(today.get(line.productId), line.pack)?.stock}
              href={today.get(line.productId) === null ? null : `/products/${line.productId}`}
              focusRef={focus.target(line.id)}
              onRemoved={() => focus.later(LIST_HEADING)}
              onRestored={() => focus.later(line.id)}
            />
          ))}
        </ul>
      </section>
      <CartSummary />
    </div>
  );
}

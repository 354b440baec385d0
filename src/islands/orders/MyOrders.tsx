import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { $myOrders, keepDrawnOrders, loadMyOrders, ordersAsDrawn } from '#src/stores/orders.ts';
import type { FirstOrders } from '#src/lib/shapes/order.schema.ts';
import { useSignedInUser } from '#src/islands/account/useSignedInUser.ts';
import { BoxIcon } from '#src/islands/common/icons.tsx';
import { LoadingCards } from '#src/islands/common/fromStorage.tsx';
import { useHydrated } from '#src/islands/common/useHydrated.ts';
import { unavailableWhile } from '#src/islands/common/keepFocus.ts';
import OrderCard from './OrderCard.tsx';

interface Props {
  /** The first page of orders the server drew the page with; absent when it had no session. */
  drawn?: FirstOrders | undefined;
  /** The order this browser has just placed, which opens as its confirmation, as the server drew it. */
  justPlaced?: string | undefined;
}

/**
 * `/my-orders`: the signed-in account's orders, newest first, as the shop has them (placed in any
 * browser), 20 at a time. The server draws the first page into the HTML, so it shows with the
 * page's first paint; without that (no session, or the shop could not read them), this
 * browser's copy shows as the island hydrates, and the shop's list when it answers.
 */
function MyOrders({ drawn, justPlaced }: Props) {
  const hydrated = useHydrated();
  const user = useSignedInUser();
  const stored = useStore($myOrders);
  const drawnOrders = useMemo(() => drawn && ordersAsDrawn(drawn), [drawn]);
  const [pages, setPages] = useState(1);
  const [more, setMore] = useState(drawn?.more ?? false);
  // The server's first page needs no second asking.
  const [loadedPages, setLoadedPages] = useState(drawn ? 1 : 0);
  const loading = loadedPages < pages;
  const userId = user?.id;
  // Kept as hydration commits, before the island's first render from storage: an older copy
  // never shows in between.
  useLayoutEffect(() => {
    if (drawn) keepDrawnOrders(drawn);
  }, [drawn]);
  useEffect(() => {
    if (!userId || !loading) return;
    let current = true;
    void loadMyOrders(pages).then((loaded) => {
      if (!current) return;
      setLoadedPages(pages);
      if (loaded.status === 'loaded') setMore(loaded.more);
    });
    return () => {
      current = false;
    };
  }, [userId, pages, loading]);

  const orders = hydrated ? stored : drawnOrders;
  if (!orders) return <LoadingCards cards={2} />;
  if (hydrated && !user) return null;

  if (orders.length === 0) {
    return (
      <div className="card flex flex-col items-center px-6 py-16 text-center">
        <span className="bg-cream text-saffron mb-5 grid size-16 place-items-center rounded-full">
          <BoxIcon className="size-8" />
        </span>
        <h2 className="text-2xl">No orders yet</h2>
        <p className="text-ink-soft mt-2 max-w-sm">
          When you place an order it appears here, ready to track.
        </p>
        <a href="/products" className="btn-accent mt-6">
          Browse Products
        </a>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6">
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} justPlaced={order.id === justPlaced} />
      ))}
      {more && (
        <button
          type="button"
          className="btn-outline justify-self-center"
          {...unavailableWhile(loading)}
          aria-busy={loading}
          onClick={() => setPages((shown) => shown + 1)}
        >
          Show older orders
        </button>
      )}
    </div>
  );
}

export default MyOrders;

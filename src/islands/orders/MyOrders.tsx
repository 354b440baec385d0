import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $myOrders, loadMyOrders, takeJustPlaced } from '#src/stores/orders.ts';
import { useSignedInUser } from '#src/islands/account/useSignedInUser.ts';
import { BoxIcon } from '#src/islands/common/icons.tsx';
import OrderCard from './OrderCard.tsx';
import { fromStorage } from '#src/islands/common/fromStorage.tsx';

/**
 * `/my-orders`: the signed-in account's orders, newest first, as the shop has them (placed in any
 * browser), 20 at a time; this browser's copy shows at once and offline.
 */
function MyOrders() {
  const user = useSignedInUser();
  const orders = useStore($myOrders);
  const [pages, setPages] = useState(1);
  const [justPlaced] = useState(takeJustPlaced);
  const [more, setMore] = useState(false);
  const [loadedPages, setLoadedPages] = useState(0);
  const loading = loadedPages < pages;
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    let current = true;
    void loadMyOrders(pages).then((loaded) => {
      if (!current) return;
      setLoadedPages(pages);
      if (loaded.status === 'loaded') setMore(loaded.more);
    });
    return () => {
      current = false;
    };
  }, [userId, pages]);
  if (!user) return null;

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
          disabled={loading}
          aria-busy={loading}
          onClick={() => setPages((shown) => shown + 1)}
        >
          Show older orders
        </button>
      )}
    </div>
  );
}

export default fromStorage(MyOrders, { cards: 2 });

import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $myOrders } from '../../stores/orders';
import { refreshMyOrders } from '../../stores/tracking';
import { useSignedInUser } from '../account/useSignedInUser';
import { BoxIcon } from '../common/icons';
import OrderCard from './OrderCard';
import { fromStorage } from '../common/fromStorage';

/** `/my-orders`: the signed-in shopper's orders, newest first, their statuses fresh from the shop. */
function MyOrders() {
  const user = useSignedInUser();
  const orders = useStore($myOrders);
  const userId = user?.id;
  useEffect(() => {
    if (userId) void refreshMyOrders();
  }, [userId]);
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
        <OrderCard key={order.id} order={order} />
      ))}
    </div>
  );
}

export default fromStorage(MyOrders, { cards: 2 });

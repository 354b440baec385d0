import { useEffect, useState } from 'react';
import { flashToast } from '#src/stores/flash.ts';
import { findOrder } from '#src/stores/orders.ts';
import { followPayment, type PaymentProgress } from '#src/stores/payment.ts';
import { signInPath } from '#src/lib/returnPath.ts';
import AwaitingPayment from '#src/islands/orders/AwaitingPayment.tsx';
import { useSignedInUser } from '#src/islands/account/useSignedInUser.ts';
import { fromStorage } from '#src/islands/common/fromStorage.tsx';

/** The order and whether the shopper left the provider's page, from this page's address. */
function fromAddress(): { orderId: string; left: boolean } {
  const query = new URLSearchParams(location.search);
  return { orderId: query.get('order')?.trim() ?? '', left: query.has('cancelled') };
}

/**
 * `/payment`: where the provider's page sends the shopper back. Coming back proves nothing, so it
 * follows the order with the shop until the provider's notice has marked it paid or failed.
 */
function PaymentReturn() {
  const user = useSignedInUser();
  const [{ orderId, left }] = useState(fromAddress);
  const [progress, setProgress] = useState<PaymentProgress>(orderId ? 'confirming' : 'not-found');
  const [order, setOrder] = useState(() => findOrder(orderId));

  useEffect(() => {
    if (!user || !orderId) return;
    const stop = new AbortController();
    void followPayment(
      orderId,
      (next, answered) => {
        if (answered) setOrder(answered);
        setProgress(next);
        if (next === 'paid' || next === 'settled') {
          if (next === 'paid') flashToast({ kind: 'success', title: 'Order placed successfully!' });
          location.replace('/my-orders');
        }
        if (next === 'signed-out') location.replace(signInPath(`/payment${location.search}`));
      },
      { left, signal: stop.signal },
    );
    return () => stop.abort();
  }, [user, orderId, left]);

  if (!user) return null;
  if (progress === 'not-found') {
    return (
      <div className="card px-6 py-10 text-center">
        <p className="text-lg">We could not find that order.</p>
        <a href="/my-orders" className="btn-primary mt-6">
          See My Orders
        </a>
      </div>
    );
  }
  if (progress === 'unpaid') {
    return (
      <div className="card overflow-hidden">
        <AwaitingPayment
          order={order ?? { id: orderId, payment: { method: 'card', status: 'pending' } }}
          onDelivery={() => {
            flashToast({ kind: 'success', title: 'Order placed successfully!' });
            location.assign('/my-orders');
          }}
          {...(left
            ? {
                lead: 'You left the payment page before paying. Your order is kept: pay now, or pay when it arrives.',
              }
            : {})}
        />
        <p className="text-ink-soft px-5 py-4 text-sm sm:px-7">
          Order {orderId} is also on{' '}
          <a href="/my-orders" className="text-saffron-deep font-semibold underline underline-offset-2">
            My Orders
          </a>
          .
        </p>
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite" className="card px-6 py-10 text-center">
      {progress === 'slow' ? (
        <>
          <p className="text-lg font-semibold">Your payment is still being confirmed.</p>
          <p className="text-ink-soft mx-auto mt-2 max-w-md">
            It can take a little longer with some cards. Your order {orderId} is safe on My Orders, and we
            will text you once the payment is confirmed.
          </p>
          <a href="/my-orders" className="btn-primary mt-6">
            See My Orders
          </a>
        </>
      ) : (
        <>
          <span className="border-saffron mx-auto mb-4 block size-8 animate-spin rounded-full border-2 border-t-transparent motion-reduce:animate-none" />
          <p className="text-lg font-semibold">Confirming your payment…</p>
          <p className="text-ink-soft mt-2">Order {orderId}. This takes a few seconds.</p>
        </>
      )}
    </div>
  );
}

// Drawn in the browser only: the order and what happened are in this page's address.
export default fromStorage(PaymentReturn);

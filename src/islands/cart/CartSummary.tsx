import { useStore } from '@nanostores/react';
import { formatMoney } from '#src/lib/money.ts';
import { $user } from '#src/stores/auth.ts';
import { $cartToday } from '#src/stores/productsToday.ts';
import NotCounted from '#src/islands/common/NotCounted.tsx';
import { sendToSignIn } from '#src/islands/common/sendToSignIn.ts';

/**
 * Subtotal, free shipping and the total (equal to the subtotal: no tax or fee), and the way on. A
 * line sold out since it was added is not counted: the order would not have it.
 */
export default function CartSummary() {
  const { count, total, soldOut } = useStore($cartToday, { ssr: 'initial' });

  return (
    <section aria-labelledby="cart-summary" className="card p-6 sm:p-8 lg:sticky lg:top-28">
      <h2 id="cart-summary" className="text-2xl">
        Order Summary
      </h2>
      <p className="text-ink-soft mt-1 text-sm">
        {count} {count === 1 ? 'item' : 'items'}
      </p>
      <dl className="text-ink-soft mt-6 space-y-3">
        <div className="flex justify-between gap-4">
          <dt>Subtotal</dt>
          <dd className="text-ink font-medium tabular-nums">{formatMoney(total)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Shipping</dt>
          <dd className="text-cardamom font-medium">Free</dd>
        </div>
        <div className="border-line text-ink flex items-baseline justify-between gap-4 border-t pt-4">
          <dt className="font-semibold">Total</dt>
          <dd className="font-display text-2xl font-semibold tabular-nums">{formatMoney(total)}</dd>
        </div>
      </dl>
      <NotCounted soldOut={soldOut} className="mt-4" />
      <div className="mt-8 flex flex-col gap-3">
        <a
          href="/checkout"
          className="btn-accent w-full"
          onClick={(event) => {
            if ($user.get()) return;
            event.preventDefault();
            sendToSignIn('/checkout');
          }}
        >
          Proceed to Checkout
        </a>
        <a href="/products" className="btn-outline w-full">
          Continue Shopping
        </a>
      </div>
      <p className="text-ink-soft mt-6 text-center text-xs">
        Free shipping on every order · Packed fresh to order
      </p>
    </section>
  );
}

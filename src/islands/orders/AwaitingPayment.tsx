import { useState } from 'react';
import type { Order } from '#src/stores/orders.ts';
import { payNow, payOnDeliveryInstead } from '#src/stores/payment.ts';
import { signInPath } from '#src/lib/returnPath.ts';
import { unavailableWhile } from '#src/islands/common/keepFocus.ts';

/**
 * An order that awaits its card payment: "Pay now" (a new payment of the same amount, on the
 * provider's page) or "Pay on delivery instead". Unpaid, the shop cancels it within the hour.
 */
export default function AwaitingPayment({
  order,
  lead,
  onDelivery,
}: {
  order: Pick<Order, 'id' | 'payment'>;
  lead?: string;
  /** After "Pay on delivery instead" went through (My Orders redraws the order by itself). */
  onDelivery?: () => void;
}) {
  const [busy, setBusy] = useState<'card' | 'delivery'>();
  const [problem, setProblem] = useState('');

  async function change(method: 'card' | 'delivery') {
    if (busy) return;
    setBusy(method);
    setProblem('');
    const changed = await (method === 'card' ? payNow(order.id) : payOnDeliveryInstead(order.id));
    if (changed.ok && changed.paymentUrl) {
      location.assign(changed.paymentUrl);
      return;
    }
    if (changed.ok) onDelivery?.();
    setBusy(undefined);
    if (!changed.ok && changed.reason === 'signed-out') location.assign(signInPath('/my-orders'));
    else if (!changed.ok) setProblem(changed.message);
  }

  const failed = order.payment.status === 'failed';
  return (
    <div role="status" className="bg-saffron/10 border-line border-b px-5 py-4 text-sm sm:px-7">
      <p className="text-ink font-semibold">{failed ? 'Payment failed' : 'Awaiting payment'}</p>
      <p className="text-ink-soft mt-1">
        {lead ??
          (failed
            ? 'Your card payment did not go through. Your order is kept: pay again, or pay when it arrives.'
            : 'Your order is kept while you pay. Unpaid orders are cancelled after an hour.')}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-accent min-h-10 px-5"
          {...unavailableWhile(busy !== undefined)}
          aria-busy={busy === 'card'}
          onClick={() => void change('card')}
        >
          Pay now
        </button>
        <button
          type="button"
          className="btn-outline min-h-10 px-5"
          {...unavailableWhile(busy !== undefined)}
          aria-busy={busy === 'delivery'}
          onClick={() => void change('delivery')}
        >
          Pay on delivery instead
        </button>
      </div>
      {problem && (
        <p role="alert" className="text-chili mt-3">
          {problem}
        </p>
      )}
    </div>
  );
}

import type { Order } from '#src/stores/orders.ts';
import { formatMoney } from '#src/lib/money.ts';
import { paymentLabel } from '#src/lib/payment.ts';
import AddressLines from '#src/islands/account/AddressLines.tsx';

interface Props {
  order: Order;
  /** For View Details' `aria-controls`. */
  id: string;
  hidden: boolean;
}

/** What View Details opens: the delivery address, the summary with the payment, and a gift's note. */
export default function OrderDetails({ order, id, hidden }: Props) {
  const hasAddress = Object.entries(order.address).some(([field, value]) => field !== 'id' && value !== '');
  return (
    <div id={id} hidden={hidden} className="border-line bg-paper border-t px-5 py-5 sm:px-7">
      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-label="Delivery address">
          <h3 className="text-ink-soft mb-2 font-sans text-xs font-semibold tracking-[0.15em] uppercase">
            Delivery address
          </h3>
          {hasAddress ? (
            <AddressLines address={order.address} lead="name" />
          ) : (
            <p className="text-ink-soft text-sm">No address recorded.</p>
          )}
        </section>
        <section aria-label="Payment summary">
          <h3 className="text-ink-soft mb-2 font-sans text-xs font-semibold tracking-[0.15em] uppercase">
            Summary
          </h3>
          <dl className="grid grid-cols-[1fr_auto] gap-y-1.5 text-sm">
            <dt className="text-ink-soft">
              Items ({order.items.reduce((count, item) => count + item.quantity, 0)})
            </dt>
            <dd className="tabular-nums">{formatMoney(order.total + (order.discount?.amount ?? 0))}</dd>
            {order.discount && (
              <>
                <dt className="text-ink-soft">Discount ({order.discount.code})</dt>
                <dd className="text-cardamom tabular-nums">&minus;{formatMoney(order.discount.amount)}</dd>
              </>
            )}
            <dt className="text-ink-soft">Shipping</dt>
            <dd className="text-cardamom font-semibold">Free</dd>
            <dt className="border-line mt-1 border-t pt-2 font-semibold">Total</dt>
            <dd className="border-line mt-1 border-t pt-2 font-semibold tabular-nums">
              {formatMoney(order.total)}
            </dd>
            <dt className="text-ink-soft">Payment</dt>
            <dd data-payment>{paymentLabel(order.payment)}</dd>
          </dl>
        </section>
        {order.gift && (
          <section aria-label="Gift note" className="sm:col-span-2">
            <h3 className="text-ink-soft mb-2 font-sans text-xs font-semibold tracking-[0.15em] uppercase">
              A gift
            </h3>
            <p className="text-sm wrap-anywhere whitespace-pre-line">
              {order.gift.note === '' ? 'Sent as a gift, without a note.' : order.gift.note}
            </p>
          </section>
        )}
      </div>
    </div>
  );
}

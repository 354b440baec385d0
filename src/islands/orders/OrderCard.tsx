import { useId, useState } from 'react';
import type { Order } from '#src/stores/orders.ts';
import { formatMoney } from '#src/lib/money.ts';
import { ChevronIcon, TruckIcon } from '#src/islands/common/icons.tsx';
import { deliveryEstimate } from '#src/stores/tracking.ts';
import StatusBadge from './StatusBadge.tsx';
import AwaitingPayment from './AwaitingPayment.tsx';
import BuyAgain from './BuyAgain.tsx';
import OrderDetails from './OrderDetails.tsx';
import OrderLines from './OrderLines.tsx';

/**
 * One order on My Orders: summary and items, Track Order, and View Details for the rest. The
 * order just placed opens as its confirmation: thanks, payment on delivery and when it arrives.
 */
export default function OrderCard({ order, justPlaced = false }: { order: Order; justPlaced?: boolean }) {
  // Open as the order just placed until the shopper folds it.
  const [toggled, setToggled] = useState<boolean>();
  const open = toggled ?? justPlaced;
  const detailsId = useId();
  const { country } = order.address;

  return (
    <article aria-label={`Order ${order.id}`} className="card overflow-hidden">
      <header className="border-line bg-cream/50 flex items-start justify-between gap-x-6 border-b px-5 py-4 sm:px-7">
        <div className="min-w-0">
          <p className="eyebrow">Order</p>
          <h2 className="font-sans text-lg font-semibold break-all">{order.id}</h2>
          {order.date && (
            <p className="text-ink-soft text-sm">
              {/* Beside a wide status badge the date moves to a line of its own, never split. */}
              Placed on <span className="whitespace-nowrap">{order.date}</span>
            </p>
          )}
          {country && <p className="text-ink-soft text-sm">Ships to {country}</p>}
        </div>
        <div className="flex flex-col items-end gap-2">
          <StatusBadge status={order.status} />
          <p className="font-display text-xl font-semibold tabular-nums">{formatMoney(order.total)}</p>
        </div>
      </header>

      {order.status === 'awaiting_payment' ? (
        <AwaitingPayment order={order} />
      ) : (
        justPlaced && (
          // The next thing after Place Order is to read it: it takes the focus as the page arrives
          // (drawn by the server, so the browser's own autofocus, before any script).
          <div
            role="status"
            tabIndex={-1}
            autoFocus
            className="bg-cardamom/10 border-line border-b px-5 py-4 text-sm outline-none sm:px-7"
          >
            <p className="text-ink font-semibold">Thank you! Your order is placed.</p>
            <p className="text-ink-soft mt-1">
              {order.payment.status === 'paid' ? 'Paid by card.' : 'You pay on delivery.'} We expect it at
              your door {deliveryEstimate(new Date(order.date), undefined, country).replace(/^B/, 'b')}, and
              will text you when it leaves us.
            </p>
          </div>
        )
      )}

      <OrderLines order={order} />

      <div className="flex flex-wrap gap-3 px-5 pt-2 pb-5 sm:px-7">
        <a href={`/track-order/${encodeURIComponent(order.id)}`} className="btn-primary min-h-10 px-5">
          <TruckIcon className="size-4" />
          Track Order
        </a>
        <button
          type="button"
          className="btn-outline min-h-10 px-5"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setToggled(!open)}
        >
          View Details
          <ChevronIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
        <BuyAgain items={order.items} />
      </div>

      <OrderDetails id={detailsId} hidden={!open} order={order} />
    </article>
  );
}

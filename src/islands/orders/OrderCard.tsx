import { useId, useState } from 'react';
import { lineTotal } from '#src/stores/cart.ts';
import type { Order } from '#src/stores/orders.ts';
import { formatMoney } from '#src/lib/money.ts';
import AddressLines from '#src/islands/account/AddressLines.tsx';
import { ChevronIcon, TruckIcon } from '#src/islands/common/icons.tsx';
import { deliveryEstimate } from '#src/stores/tracking.ts';
import StatusBadge from './StatusBadge.tsx';
import AwaitingPayment from './AwaitingPayment.tsx';
import BuyAgain from './BuyAgain.tsx';
import { paymentLabel } from '#src/lib/payment.ts';
import { WRITE_REVIEW_ANCHOR } from '#src/lib/reviews.ts';

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
  const hasAddress = Object.entries(order.address).some(([field, value]) => field !== 'id' && value !== '');

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

      <ul className="divide-line divide-y px-5 sm:px-7">
        {order.items.map((item, index) => (
          <li key={index} className="flex justify-between gap-4 py-3 text-sm">
            <span className="min-w-0 wrap-anywhere">
              {item.name} x {item.quantity}
              {item.lot && <span className="text-ink-soft mt-0.5 block text-xs">Lot: {item.lot}</span>}
              {/* Only a delivered order's buyer may review: its lines open the product's form. */}
              {order.status === 'delivered' && item.productId && (
                <a
                  href={`/products/${encodeURIComponent(item.productId)}#${WRITE_REVIEW_ANCHOR}`}
                  aria-label={`Write a review of ${item.name}`}
                  className="text-saffron-deep hover:text-ink mt-1 inline-block text-sm font-semibold underline underline-offset-4"
                >
                  Write a review
                </a>
              )}
            </span>
            <span className="font-medium tabular-nums">{formatMoney(lineTotal(item))}</span>
          </li>
        ))}
        {order.items.length === 0 && <li className="text-ink-soft py-3 text-sm">No items recorded.</li>}
      </ul>

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

      <div id={detailsId} hidden={!open} className="border-line bg-paper border-t px-5 py-5 sm:px-7">
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
    </article>
  );
}

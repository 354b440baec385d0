import type { ReactNode } from 'react';
import type { CartLine } from '#src/stores/cart.ts';
import { formatMoney } from '#src/lib/money.ts';
import NotCounted from '#src/islands/common/NotCounted.tsx';
import DeliveryWindow from './DeliveryWindow.tsx';
import { NO_ADDRESS } from './afterPlaceOrder.ts';
import PaymentNote from './PaymentNote.tsx';
import SummaryLines from './SummaryLines.tsx';
import type { PaymentMethod } from '#src/lib/payment.ts';

interface Props {
  lines: CartLine[];
  total: number;
  /** Lines sold out since they were added, left out of the total. */
  soldOut: number;
  /** How the shopper chose to pay; undefined while the ways are being asked. */
  method: PaymentMethod | undefined;
  /**
   * The chosen address's country: when the order should arrive there is said before Place Order.
   * Undefined while no address is chosen, and Place Order says it needs one.
   */
  country?: string | undefined;
  canPlace: boolean;
  /** The order is on its way to the shop. */
  busy: boolean;
  onPlace: () => void;
  /** What the last attempt brought back, shown under Place Order. */
  children?: ReactNode;
  /** Asked before Place Order (the discount code, the gift, the receipt's email). */
  beforePlace?: ReactNode;
  /** The code applied, what it takes off `total` and the total after it. */
  discount?: { code: string; amount: number; total: number } | undefined;
}

/**
 * The Order Summary card: each line (at an offer price, its original struck beside it), Subtotal,
 * free Shipping, Total and Place Order.
 */
export default function OrderSummary(props: Props) {
  const { lines, total, soldOut, method, canPlace, busy, onPlace, children, beforePlace, discount } = props;
  return (
    <section aria-labelledby="summary-heading" className="card p-5 sm:p-7 lg:sticky lg:top-24">
      <h2 id="summary-heading" className="mb-5 text-2xl">
        Order Summary
      </h2>
      <SummaryLines lines={lines} />
      <dl className="border-line mt-4 grid grid-cols-[1fr_auto] gap-y-2 border-t pt-4 text-sm">
        <dt className="text-ink-soft">Subtotal</dt>
        <dd className="text-right tabular-nums">{formatMoney(total)}</dd>
        {discount && discount.amount > 0 && (
          <>
            <dt className="text-ink-soft">
              Discount <span className="text-ink font-semibold">{discount.code}</span>
            </dt>
            <dd className="text-cardamom text-right font-semibold tabular-nums">
              &minus;{formatMoney(discount.amount)}
            </dd>
          </>
        )}
        <dt className="text-ink-soft">Shipping</dt>
        <dd className="text-cardamom text-right font-semibold">Free</dd>
        <dt className="font-display border-line mt-2 border-t pt-3 text-lg font-semibold">Total</dt>
        <dd
          className="font-display border-line mt-2 border-t pt-3 text-right text-lg font-semibold tabular-nums"
          data-order-total
        >
          {formatMoney(discount ? discount.total : total)}
        </dd>
      </dl>
      <NotCounted soldOut={soldOut} className="mt-3" />
      <PaymentNote method={method} />
      <DeliveryWindow country={props.country} />
      {beforePlace}
      {/* aria-disabled, not disabled: the button stays focusable and can say why it will not act. */}
      <button
        type="button"
        className="btn-accent aria-disabled:bg-saffron mt-5 w-full"
        aria-disabled={!canPlace}
        aria-busy={busy}
        aria-describedby={props.country === undefined ? 'place-why' : undefined}
        onClick={onPlace}
      >
        {busy ? 'Placing your order...' : 'Place Order'}
      </button>
      {/* Without an address Place Order cannot act: it says so beside it. */}
      {props.country === undefined && (
        <p id="place-why" className="text-ink-soft mt-2 text-center text-sm">
          {NO_ADDRESS}
        </p>
      )}
      {children}
    </section>
  );
}

import { lineTotal } from '#src/stores/cart.ts';
import type { Order } from '#src/stores/orders.ts';
import { formatMoney } from '#src/lib/money.ts';
import { WRITE_REVIEW_ANCHOR } from '#src/lib/reviews.ts';

/** An order's lines, each with its lot and total, and "Write a review" once it is delivered. */
export default function OrderLines({ order }: { order: Order }) {
  return (
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
  );
}

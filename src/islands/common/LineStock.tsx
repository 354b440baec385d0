import type { CartLine } from '#src/stores/cart.ts';

/**
 * Room for a cart line's live stock warning ("Sold out since you added it", "Only 2 left"), which
 * LiveStock.astro writes; always there, so nothing moves when it arrives. A new quantity draws a
 * new note (its `key`), which LiveStock's observer sees and writes.
 */
export default function LineStock({
  line,
  className = '',
}: {
  line: Pick<CartLine, 'productId' | 'pack' | 'quantity'>;
  className?: string;
}) {
  return (
    <span
      key={line.quantity}
      className={`stock-note block ${className}`}
      data-stock-for={`${line.productId}\n${line.pack}`}
      data-in-stock="true"
      data-quantity={line.quantity}
    />
  );
}

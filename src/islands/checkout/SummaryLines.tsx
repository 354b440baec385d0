import type { CartLine } from '#src/stores/cart.ts';
import { lineTotal } from '#src/stores/cart.ts';
import { originalPriceOf } from '#src/lib/lineItem.ts';
import { formatMoney } from '#src/lib/money.ts';
import PriceTag from '#src/islands/product/PriceTag.tsx';
import LineStock from '#src/islands/common/LineStock.tsx';
import { useProductsToday } from '#src/islands/common/useProductsToday.ts';

/** The order's lines, each at its price; one at an offer price has its original struck beside it. */
export default function SummaryLines({ lines }: { lines: CartLine[] }) {
  const today = useProductsToday(lines);
  return (
    <ul className="divide-line divide-y">
      {lines.map((line) => {
        const original = originalPriceOf(today.get(line.productId), line);
        return (
          <li key={line.id} className="flex items-center gap-3 py-3 first:pt-0">
            <img
              src={line.image}
              alt=""
              width={48}
              height={48}
              className="bg-cream size-12 shrink-0 rounded-xl object-cover"
            />
            <span className="min-w-0 flex-1 text-sm wrap-anywhere">
              {line.name} x {line.quantity}
              <LineStock line={line} />
            </span>
            {original === undefined ? (
              <span className="text-sm font-semibold tabular-nums">{formatMoney(lineTotal(line))}</span>
            ) : (
              <PriceTag
                price={lineTotal({ ...line, price: original })}
                offerPrice={lineTotal(line)}
                size="sm"
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

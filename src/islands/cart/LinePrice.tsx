import { formatMoney } from '#src/lib/money.ts';

interface Props {
  price: number;
  /** The pack's price before today's offer, when the line is at the offer price. */
  original: number | undefined;
}

/**
 * A cart line's price each, its original struck beside it while on offer. The original, learned
 * from the shop after the line is drawn, goes after "each": what stood before it does not move.
 */
export default function LinePrice({ price, original }: Props) {
  return (
    <p className="text-ink-soft mt-1 text-sm tabular-nums">
      <span className={original === undefined ? undefined : 'text-chili'}>
        {original !== undefined && <span className="sr-only">Offer price </span>}
        {formatMoney(price)}
      </span>{' '}
      each
      {original !== undefined && (
        <>
          {' '}
          <s className="text-xs">
            <span className="sr-only">Original price </span>
            {formatMoney(original)}
          </s>
        </>
      )}
    </p>
  );
}

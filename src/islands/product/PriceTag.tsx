import { formatMoney } from '#src/lib/money.ts';

interface Props {
  price: number;
  /** Set while the product is on offer: shown as the price, with `price` struck through. */
  offerPrice?: number | undefined;
  size?: 'sm' | 'md' | 'lg';
}

const MAIN = { sm: 'text-sm', md: 'text-lg', lg: 'font-display text-3xl' };
const STRUCK = { sm: 'text-xs', md: 'text-sm', lg: 'text-lg' };

/** A pack's price; on offer, the offer price first and the original struck through. */
export default function PriceTag({ price, offerPrice, size = 'md' }: Props) {
  const main = MAIN[size];
  if (offerPrice === undefined) {
    return <span className={`${main} text-ink font-semibold tabular-nums`}>{formatMoney(price)}</span>;
  }
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className={`${main} text-chili font-semibold tabular-nums`}>
        <span className="sr-only">Offer price </span>
        {formatMoney(offerPrice)}
      </span>
      <s className={`${STRUCK[size]} text-ink-soft tabular-nums`}>
        <span className="sr-only">Original price </span>
        {formatMoney(price)}
      </s>
    </span>
  );
}

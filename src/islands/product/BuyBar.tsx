import { sellingPrice, type PackSize } from '#src/lib/packPrices.ts';
import { formatMoney } from '#src/lib/money.ts';
import { HeartIcon } from '#src/islands/common/icons.tsx';

interface Props {
  pack: PackSize;
  quantity: number;
  /** The chosen pack was sold out as the page was rendered: the buttons start disabled. */
  soldOut: boolean;
  /** The product's, for the heart's name. */
  title: string;
  /** The chosen pack is on the wishlist. */
  saved: boolean;
  onAdd: () => void;
  onBuyNow: () => void;
  onToggleSaved: () => void;
}

/**
 * Add to Cart, Buy Now and the wishlist heart. On phones they ride in a bar fixed to the bottom of
 * the screen, with the chosen pack and its price, so buying never waits behind the gallery.
 */
export default function BuyBar(props: Props) {
  const { pack, quantity, soldOut, title, saved, onAdd, onBuyNow, onToggleSaved } = props;
  return (
    <div
      data-buy-bar
      data-needs-js
      className="max-lg:bg-paper/95 max-lg:border-line max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-30 max-lg:border-t max-lg:px-4 max-lg:pt-2 max-lg:pb-[max(0.75rem,env(safe-area-inset-bottom))] max-lg:shadow-[0_-4px_16px_rgb(33_26_21/0.08)] max-lg:backdrop-blur"
    >
      <p className="text-ink mb-2 text-sm lg:hidden" aria-hidden="true">
        {`${pack.label} · `}
        <span className="font-semibold tabular-nums">{formatMoney(sellingPrice(pack))}</span>
        {quantity > 1 && ` × ${quantity}`}
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-primary min-h-12 flex-1"
          disabled={soldOut}
          onClick={onAdd}
          data-buy
        >
          Add to Cart
        </button>
        <button
          type="button"
          className="btn-accent min-h-12 flex-1"
          disabled={soldOut}
          onClick={onBuyNow}
          data-buy
        >
          Buy Now
        </button>
        <button
          type="button"
          aria-label={`Save ${title} to wishlist`}
          aria-pressed={saved}
          onClick={onToggleSaved}
          className="btn-outline group aria-pressed:text-chili aria-pressed:border-chili min-h-12 w-12 px-0"
        >
          <HeartIcon />
        </button>
      </div>
    </div>
  );
}

import { useId, useState, type Ref } from 'react';
import { toast } from '#src/islands/toast/toast.ts';
import { sellingPrice } from '#src/lib/packPrices.ts';
import type { ProductToday } from '#src/lib/productToday.ts';
import { formatMoney } from '#src/lib/money.ts';
import { removeFromWishlist, type WishlistItem } from '#src/stores/wishlist.ts';
import { addSavedToCart, savedToday } from '#src/stores/wishlistToCart.ts';
import type { LineKey } from '#src/stores/shapes.ts';
import MiniCart from '#src/islands/cart/MiniCart.tsx';
import ProductThumb from '#src/islands/common/ProductThumb.tsx';
import PriceTag from '#src/islands/product/PriceTag.tsx';
import { BagIcon, TrashIcon } from '#src/islands/common/icons.tsx';
import { warnNotSaved } from '#src/islands/common/notSaved.ts';

interface Props {
  item: WishlistItem;
  /**
   * The item's product as the shop sells it today; null when it has left the catalogue, undefined
   * while that is not known (being asked, or the shop cannot be reached).
   */
  product: ProductToday | null | undefined;
  /** The card, which takes the focus when the card beside it is removed. */
  focusRef: Ref<HTMLLIElement>;
  /** Called once the item is gone, so focus can move somewhere that still exists. */
  onRemoved: () => void;
}

const STATUS = { gone: 'No longer available', 'sold out': 'Out of Stock' } as const;

/**
 * One saved product: image, name, today's price, Add to Cart (while in stock) and remove; a saved
 * pack sold out offers the product's packs that sell.
 */
export default function WishlistCard({ item, product, focusRef, onRemoved }: Props) {
  const nameId = useId();
  const [added, setAdded] = useState<LineKey | null>(null);
  const { line, pack, unavailable, others } = savedToday(item, product);
  const name = line?.name ?? item.name;
  const status = unavailable && STATUS[unavailable];

  const add = async (other?: string) => {
    const { added: inCart, saved } = await addSavedToCart(item, other);
    if (!inCart) return;
    if (!saved) {
      warnNotSaved('cart');
      return;
    }
    toast.success('Added to cart!');
    setAdded(inCart);
  };
  const remove = () => {
    if (!removeFromWishlist(item).saved) warnNotSaved('wishlist');
    onRemoved();
  };

  return (
    <li ref={focusRef} tabIndex={-1} aria-labelledby={nameId} className="card flex flex-col overflow-hidden">
      <div className="relative">
        <ProductThumb src={item.image} alt="" className="aspect-square w-full" />
        {status && (
          <span className="bg-ink/85 text-paper absolute bottom-2 left-2 rounded-full px-2.5 py-1 text-xs font-semibold sm:bottom-3 sm:left-3">
            {status}
          </span>
        )}
        <button
          type="button"
          aria-label={`Remove ${name}`}
          onClick={remove}
          className="text-ink-soft hover:text-chili absolute top-2 right-2 grid size-11 place-items-center rounded-full bg-white/90 shadow-sm backdrop-blur hover:bg-white sm:top-3 sm:right-3"
        >
          <TrashIcon />
        </button>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-3 sm:gap-4 sm:p-5">
        <div className="flex-1">
          <h2 id={nameId} className="text-base leading-snug sm:text-xl">
            {product !== null ? (
              <a href={`/products/${item.productId}`} className="hover:text-saffron-deep">
                {name}
              </a>
            ) : (
              name
            )}
          </h2>
          {pack?.offerPrice === undefined ? (
            <p className="text-ink-soft mt-1 text-sm font-semibold tabular-nums sm:text-base">
              {formatMoney(line?.price ?? item.price)}
            </p>
          ) : (
            <p className="mt-1 text-sm sm:text-base">
              <PriceTag price={pack.price} offerPrice={pack.offerPrice} size="sm" />
            </p>
          )}
          {others.length > 0 && (
            <div className="mt-3">
              <p className="text-ink-soft text-xs sm:text-sm">In stock in another size:</p>
              <ul className="mt-1.5 flex flex-wrap gap-1.5">
                {others.map((other) => (
                  <li key={other.label}>
                    <button
                      type="button"
                      onClick={() => void add(other.label)}
                      aria-label={`Add ${product?.title ?? item.name} (${other.label}) to cart`}
                      className="border-line hover:border-ink min-h-11 rounded-full border bg-white px-3 text-xs font-semibold tabular-nums sm:text-sm"
                    >
                      {other.label} · {formatMoney(sellingPrice(other))}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <button
          type="button"
          onClick={() => void add()}
          disabled={status !== null}
          aria-describedby={nameId}
          className="btn-primary w-full px-3"
        >
          <BagIcon className="size-4" />
          Add to Cart
        </button>
      </div>
      <MiniCart added={added} onClose={() => setAdded(null)} />
    </li>
  );
}

import { useId } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '../../lib/money';
import { addToCart } from '../../stores/cart';
import { removeFromWishlist, type WishlistItem } from '../../stores/wishlist';
import ProductThumb from '../common/ProductThumb';
import { BagIcon, TrashIcon } from '../common/icons';
import { toastSaveFailed } from '../common/saveFailed';
import type { CatalogueEntry } from './WishlistPage';

interface Props {
  item: WishlistItem;
  /** The product as the catalogue has it today; null when it has left the catalogue. */
  product: CatalogueEntry | null;
}

/** One saved product: image, name, price, Add to Cart (while in stock) and remove. */
export default function WishlistCard({ item, product }: Props) {
  const nameId = useId();
  const href = product ? `/products/${item.id}` : null;

  const add = () => {
    if (!product) return;
    const { saved } = addToCart({
      id: `${item.id}:${product.size}`,
      name: `${product.title} (${product.size})`,
      price: product.price,
      image: item.image,
    });
    if (saved) toast.success('Added to cart!');
    else toastSaveFailed('cart');
  };
  const remove = () => {
    if (!removeFromWishlist(item.id).saved) toastSaveFailed('wishlist');
  };

  const status = !product ? 'No longer available' : product.inStock ? null : 'Out of stock';
  return (
    <li aria-labelledby={nameId} className="card group flex flex-col overflow-hidden">
      <div className="relative">
        <ProductThumb src={item.image} alt="" className="aspect-square w-full" />
        {status && (
          <span className="absolute bottom-3 left-3 rounded-full bg-ink/85 px-3 py-1 text-xs font-semibold text-paper">
            {status}
          </span>
        )}
        <button
          type="button"
          aria-label={`Remove ${item.name}`}
          onClick={remove}
          className="absolute top-3 right-3 grid size-11 place-items-center rounded-full bg-white/90 text-ink-soft shadow-sm backdrop-blur hover:bg-white hover:text-chili"
        >
          <TrashIcon />
        </button>
      </div>
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex-1">
          <h2 id={nameId} className="text-xl leading-snug">
            {href ? (
              <a href={href} className="hover:text-saffron-deep">
                {item.name}
              </a>
            ) : (
              item.name
            )}
          </h2>
          <p className="mt-1 font-semibold tabular-nums text-ink-soft">
            {formatMoney(product?.price ?? item.price)}
            {product && <span className="font-normal"> · {product.size}</span>}
          </p>
        </div>
        <button
          type="button"
          onClick={add}
          disabled={status !== null}
          aria-describedby={nameId}
          className="btn-primary w-full"
        >
          <BagIcon className="size-4" />
          Add to Cart
        </button>
      </div>
    </li>
  );
}

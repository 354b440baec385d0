import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { toast } from '../toast/toast';
import { lineItem, unitPriceText, type ProductView } from '../../lib/catalogue';
import { $user } from '../../stores/auth';
import { addToCart } from '../../stores/cart';
import { $wishlist, toggleWishlist } from '../../stores/wishlist';
import { sendToSignIn } from '../common/sendToSignIn';
import HeartIcon from './HeartIcon';
import PriceTag from './PriceTag';
import PackSizes from './PackSizes';

interface Props {
  product: Pick<ProductView, '_id' | 'title' | 'netQuantities' | 'inStock'>;
  /** The picture cart and wishlist lines show. */
  image: string;
}

const NOT_KEPT = { description: 'Your browser did not let us save it; it lasts until this tab closes.' };

/** Price, pack-size choice, Add to Cart, Buy Now and the wishlist heart of a product page. */
export default function ProductPurchase({ product, image }: Props) {
  const [packIndex, setPackIndex] = useState(0);
  const wishlist = useStore($wishlist, { ssr: 'initial' });
  const pack = product.netQuantities[packIndex] ?? product.netQuantities[0];
  if (!pack) return null;
  const item = lineItem(product, packIndex, image);
  const saved = wishlist.some((entry) => entry.id === item.id);

  const add = () => {
    const { saved: kept } = addToCart(item);
    toast.success('Added to cart', { description: item.name });
    if (!kept) toast.error('Your cart could not be saved', NOT_KEPT);
  };

  // A visitor's item waits in the cart while they sign in, then checkout goes on with it.
  const buyNow = () => {
    addToCart(item);
    if ($user.get()) location.assign('/checkout');
    else sendToSignIn('/checkout');
  };

  return (
    <div className="flex flex-col gap-7">
      <div>
        <PriceTag price={pack.price} offerPrice={pack.offerPrice} size="lg" />
        <p className="text-ink-soft mt-1 text-sm">
          {pack.label} · {unitPriceText(pack)}
        </p>
      </div>
      <PackSizes packs={product.netQuantities} selected={packIndex} onSelect={setPackIndex} />
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-primary min-h-12 flex-1"
          disabled={!product.inStock}
          onClick={add}
        >
          Add to Cart
        </button>
        <button
          type="button"
          className="btn-accent min-h-12 flex-1"
          disabled={!product.inStock}
          onClick={buyNow}
        >
          Buy Now
        </button>
        <button
          type="button"
          aria-label={`Save ${product.title} to wishlist`}
          aria-pressed={saved}
          onClick={() => {
            if (!toggleWishlist(item).saved) toast.error('Your wishlist could not be saved', NOT_KEPT);
          }}
          className="btn-outline group aria-pressed:text-chili aria-pressed:border-chili min-h-12 w-12 px-0"
        >
          <HeartIcon />
        </button>
      </div>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { toast } from '#src/islands/toast/toast.ts';
import { lineItem } from '#src/lib/lineItem.ts';
import { unitPriceText } from '#src/lib/packPrices.ts';
import { packNamed } from '#src/lib/productToday.ts';
import type { ProductView } from '#src/lib/productView.ts';
import { mostOf, mostNote } from '#src/lib/stockLimit.ts';
import { $productsToday, learnProductsToday } from '#src/stores/productsToday.ts';
import { $user } from '#src/stores/auth.ts';
import { $cart, addToCart } from '#src/stores/cart.ts';
import { sameLine, type LineKey } from '#src/stores/shapes.ts';
import { $wishlist, toggleWishlist } from '#src/stores/wishlist.ts';
import { warnNotSaved } from '#src/islands/common/notSaved.ts';
import { sendToSignIn } from '#src/islands/common/sendToSignIn.ts';
import BuyBar from './BuyBar.tsx';
import PriceTag from './PriceTag.tsx';
import PackSizes from './PackSizes.tsx';
import QuantityPicker from './QuantityPicker.tsx';
import MiniCart from '#src/islands/cart/MiniCart.tsx';
import RestockButton from './RestockButton.tsx';
import { showPackPicture } from './showPackPicture.ts';

interface Props {
  product: Pick<ProductView, '_id' | 'title' | 'netQuantities' | 'inStock'>;
  /** The picture cart and wishlist lines show. */
  image: string;
  /** The pack it opens on: the first that sells as the page was rendered (left out: the first). */
  opensOn?: number;
  /** Whether that pack was sold out then: Add to Cart and Buy Now start disabled. */
  soldOut?: boolean;
}

/**
 * Price, pack-size choice (which also shows the chosen pack's tin in the gallery), quantity and
 * the buy bar of a product page.
 */
export default function ProductPurchase({ product, image, opensOn = 0, soldOut = false }: Props) {
  const [packIndex, setPackIndex] = useState(opensOn);
  const [chosen, setChosen] = useState(1);
  const [added, setAdded] = useState<LineKey | null>(null);
  const wishlist = useStore($wishlist, { ssr: 'initial' });
  // How many are left of each pack, asked once the island runs: the quantity stops at the count.
  const today = useStore($productsToday, { ssr: 'initial' }).get(product._id);
  useEffect(() => {
    void learnProductsToday([product._id]);
  }, [product._id]);
  const pack = product.netQuantities[packIndex] ?? product.netQuantities[0];
  if (!pack) return null;
  const left = packNamed(today, pack.label)?.stock;
  const most = Math.max(1, mostOf(left));
  const quantity = Math.min(chosen, most);
  const atMost = mostNote(quantity, left);
  const item = lineItem(product, packIndex, image);
  const saved = wishlist.some((entry) => sameLine(entry, item));

  const add = () => {
    const held = () => $cart.get().find((line) => sameLine(line, item))?.quantity ?? 0;
    const before = held();
    const { saved: kept } = addToCart(item, quantity, mostOf(left));
    const more = held() - before;
    // A line already holding every one left takes no more: the toast says so, not "Added".
    if (more === 0 && before > 0)
      toast.message(mostNote(before, left) || 'Already in your cart', { description: item.name });
    else toast.success('Added to cart', { description: more > 1 ? `${more} x ${item.name}` : item.name });
    if (!kept) warnNotSaved('cart');
    setAdded(item);
  };

  const choosePack = (index: number) => {
    setPackIndex(index);
    const chosen = product.netQuantities[index];
    if (chosen) showPackPicture(chosen.label);
  };

  // A visitor's item waits in the cart while they sign in, then checkout goes on with it.
  const buyNow = () => {
    addToCart(item, quantity, mostOf(left));
    if ($user.get()) location.assign('/checkout');
    else sendToSignIn('/checkout');
  };

  return (
    <div className="flex flex-col gap-7">
      <div>
        <PriceTag price={pack.price} offerPrice={pack.offerPrice} size="lg" />
        <p className="text-ink-soft mt-1 text-sm">{`${pack.label} · ${unitPriceText(pack)}`}</p>
      </div>
      <PackSizes packs={product.netQuantities} selected={packIndex} onSelect={choosePack} />
      {/* What needs a script is hidden when scripting is off (data-needs-js, global.css); the page
          says so in its place (ProductDetails.astro). The quantity and the pack's live stock share
          a row of the stepper's height, so nothing moves when the stock arrives and no empty line
          sits above the buttons. LiveStock.astro writes the stock, marks the panel sold out, and
          keeps the buttons' `disabled` to the chosen pack's live stock, before React and after:
          that prop never changes, so React never writes it. A sold-out pack has no quantity to
          choose: "Tell me when it's back" takes its place. A counted pack's quantity stops at
          its count, and says so. */}
      <div className="flex min-h-[2.875rem] flex-wrap items-center gap-x-5 gap-y-2" data-needs-js>
        <div className="group-data-sold-out/purchase:hidden">
          <QuantityPicker value={quantity} max={most} onChange={setChosen} />
        </div>
        {atMost && <p className="text-ink-soft text-sm group-data-sold-out/purchase:hidden">{atMost}</p>}
        <p className="stock-note" data-stock-for={product._id} data-in-stock={String(product.inStock)} />
        <RestockButton productId={product._id} pack={pack.label} />
      </div>
      <BuyBar
        pack={pack}
        quantity={quantity}
        soldOut={soldOut}
        title={product.title}
        saved={saved}
        onAdd={add}
        onBuyNow={buyNow}
        onToggleSaved={() => {
          if (!toggleWishlist(item).saved) warnNotSaved('wishlist');
        }}
      />
      <MiniCart added={added} onClose={() => setAdded(null)} />
    </div>
  );
}

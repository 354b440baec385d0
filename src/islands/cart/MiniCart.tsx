import { useEffect, useId, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { packNamed } from '#src/lib/productToday.ts';
import { formatMoney } from '#src/lib/money.ts';
import { mostNote } from '#src/lib/stockLimit.ts';
import { $cart, $cartCount, $cartTotal, lineTotal } from '#src/stores/cart.ts';
import { $productsToday } from '#src/stores/productsToday.ts';
import { sameLine, type LineKey } from '#src/stores/shapes.ts';
import ProductThumb from '#src/islands/common/ProductThumb.tsx';

interface Props {
  /** The product and pack just added; the panel opens when it is set, and closes with `onClose`. */
  added: LineKey | null;
  onClose: () => void;
}

/**
 * The small cart that opens after Add to Cart: the line just added (and "2 is the most we have"
 * once it holds every one left), the cart's total, View Cart and Checkout. A modal `<dialog>`: focus moves in, Escape or Continue Shopping closes it, and
 * focus goes back to the button that opened it.
 */
export default function MiniCart({ added, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const line = useStore($cart, { ssr: 'initial' }).find((entry) => added !== null && sameLine(entry, added));
  const count = useStore($cartCount, { ssr: 'initial' });
  const total = useStore($cartTotal, { ssr: 'initial' });
  // The line stops at its pack's count, as the island that added it learned it: it says so.
  const today = useStore($productsToday, { ssr: 'initial' });
  const atMost = line ? mostNote(line.quantity, packNamed(today.get(line.productId), line.pack)?.stock) : '';

  useEffect(() => {
    const panel = dialog.current;
    if (!added || !panel || panel.open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.showModal();
    const back = () => opener?.focus();
    panel.addEventListener('close', back, { once: true });
    return () => panel.removeEventListener('close', back);
  }, [added]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="bg-paper text-ink backdrop:bg-ink/40 m-0 mt-auto w-full max-w-none rounded-t-3xl p-0 shadow-2xl sm:mt-20 sm:mr-6 sm:ml-auto sm:w-96 sm:rounded-3xl"
    >
      <div className="flex flex-col gap-5 p-6">
        <h2 id={titleId} className="text-2xl">
          Added to your cart
        </h2>
        {line && (
          <div className="flex items-center gap-4">
            <ProductThumb src={line.image} alt="" className="size-16 shrink-0 rounded-xl" />
            <p className="min-w-0 flex-1 text-sm">
              <span className="block font-semibold break-words">{line.name}</span>
              <span className="text-ink-soft">
                {line.quantity} x {formatMoney(line.price)}
              </span>
              {atMost && <span className="text-ink-soft block">{atMost}</span>}
            </p>
            <span className="font-semibold tabular-nums">{formatMoney(lineTotal(line))}</span>
          </div>
        )}
        <p className="border-line flex justify-between border-t pt-4 text-sm">
          <span>{`Cart total (${count} ${count === 1 ? 'item' : 'items'})`}</span>
          <span className="font-display text-lg font-semibold tabular-nums">{formatMoney(total)}</span>
        </p>
        <div className="grid grid-cols-2 gap-3">
          <a href="/cart" className="btn-outline">
            View Cart
          </a>
          <a href="/checkout" className="btn-accent">
            Checkout
          </a>
        </div>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="text-ink-soft hover:text-ink text-sm font-medium underline underline-offset-4"
        >
          Continue Shopping
        </button>
      </div>
    </dialog>
  );
}

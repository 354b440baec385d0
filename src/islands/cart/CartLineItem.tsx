import { useId, type Ref } from 'react';
import { formatMoney } from '#src/lib/money.ts';
import { mostOf, mostNote } from '#src/lib/stockLimit.ts';
import { lineTotal, removeFromCart, restoreLine, setQuantity, type CartLine } from '#src/stores/cart.ts';
import LineStock from '#src/islands/common/LineStock.tsx';
import ProductThumb from '#src/islands/common/ProductThumb.tsx';
import { TrashIcon } from '#src/islands/common/icons.tsx';
import { warnNotSaved } from '#src/islands/common/notSaved.ts';
import { toast } from '#src/islands/toast/toast.ts';
import LineQuantity from './LineQuantity.tsx';
import LinePrice from './LinePrice.tsx';

interface Props {
  line: CartLine;
  /** Where the line is in the cart, for Undo to put it back. */
  position: number;
  /** The pack's price before today's offer, when the line is at the offer price. */
  original: number | undefined;
  /** How many are left of its pack, when the merchant counts it: "+" stops there. */
  left: number | undefined;
  /** The product's page; null when the product has left the catalogue (the line stays). */
  href: string | null;
  /** Called after the line is gone, so focus can move somewhere that still exists. */
  onRemoved: () => void;
  /** Called when Undo puts the line back, so focus can go to it once drawn. */
  onRestored: () => void;
  /** The line, which takes the focus when Undo has put it back. */
  focusRef: Ref<HTMLLIElement>;
}

/** One cart line: image, name, unit price, quantity stepper, remove and line total. */
export default function CartLineItem(props: Props) {
  const { line, position, original, left, href, onRemoved, onRestored, focusRef } = props;
  const nameId = useId();
  const most = mostOf(left);
  const atMost = mostNote(line.quantity, left);

  // A removed line can be put back from the toast, in case the tap was a slip.
  const removed = () => {
    onRemoved();
    toast.message('Removed from cart', {
      description: line.name,
      action: {
        label: 'Undo',
        onClick: () => {
          onRestored();
          if (!restoreLine(line, position).saved) warnNotSaved('cart');
        },
      },
    });
  };
  const changeQuantity = (quantity: number) => {
    if (!setQuantity(line, quantity, most).saved) warnNotSaved('cart');
    if (quantity <= 0) removed();
  };
  const remove = () => {
    if (!removeFromCart(line).saved) warnNotSaved('cart');
    removed();
  };

  return (
    <li ref={focusRef} tabIndex={-1} aria-labelledby={nameId} className="flex gap-4 p-4 sm:gap-6 sm:p-6">
      <ProductThumb src={line.image} alt="" className="size-24 shrink-0 rounded-xl sm:size-28" />
      <div className="flex min-w-0 flex-1 flex-col justify-between gap-4">
        <div>
          <h3 id={nameId} className="text-lg leading-snug break-words sm:text-xl">
            {href ? (
              <a href={href} className="hover:text-saffron-deep">
                {line.name}
              </a>
            ) : (
              line.name
            )}
          </h3>
          <LinePrice price={line.price} original={original} />
          {!href && <p className="text-chili mt-1 text-sm font-medium">No longer in our catalogue</p>}
          <LineStock line={line} className="mt-1" />
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-3">
          <LineQuantity line={line} nameId={nameId} most={most} onChange={changeQuantity} />
          <button
            type="button"
            aria-label={`Remove ${line.name}`}
            onClick={remove}
            className="text-ink-soft hover:bg-chili/10 hover:text-chili grid size-11 place-items-center rounded-full"
          >
            <TrashIcon />
          </button>
          {atMost && <p className="text-ink-soft text-sm">{atMost}</p>}
          <p className="font-display ml-auto text-xl font-semibold tabular-nums">
            <span className="sr-only">Line total </span>
            {formatMoney(lineTotal(line))}
          </p>
        </div>
      </div>
    </li>
  );
}

import { formatMoney } from '#src/lib/money.ts';
import type { CartChange } from '#src/stores/cart.ts';

/** One change, as a sentence. */
function sentence(change: CartChange): string {
  if (change.change === 'sold-out') return `${change.name} is sold out and was taken out of your cart.`;
  if (change.change === 'fewer-left')
    return `Only ${change.left} left of ${change.name}: your cart now holds ${change.left}.`;
  return `${change.name} is now ${formatMoney(change.now)} (was ${formatMoney(change.was)}).`;
}

/**
 * What changed in the cart since the shopper added it, said once, in one line, before they place
 * the order again (the shop's own words when it named no line).
 */
export default function CartChanges({ message, changes }: { message: string; changes: CartChange[] }) {
  return (
    <p role="alert" className="border-saffron/40 bg-cream mt-5 rounded-xl border px-4 py-3 text-sm">
      {changes.length === 0
        ? message
        : `Your cart has changed: ${changes.map(sentence).join(' ')} Place the order again when ready.`}
    </p>
  );
}

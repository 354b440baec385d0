import { formatMoney } from '#src/lib/money.ts';
import type { CartChange } from '#src/stores/cart.ts';

/** What changed in the cart since the shopper added it, shown before they place the order again. */
export default function CartChanges({ message, changes }: { message: string; changes: CartChange[] }) {
  return (
    <div role="alert" className="border-saffron/40 bg-cream mt-5 rounded-xl border px-4 py-3 text-sm">
      <p className="font-semibold">{message}</p>
      <ul className="mt-2 space-y-1">
        {changes.map((change) => (
          <li key={change.id}>
            {change.change === 'sold-out' ? (
              <>
                <span className="font-medium">{change.name}</span> is sold out and was taken out of your cart.
              </>
            ) : change.change === 'fewer-left' ? (
              <>
                Only {change.left} left of <span className="font-medium">{change.name}</span>: your cart now
                holds {change.left}.
              </>
            ) : (
              <>
                <span className="font-medium">{change.name}</span> is now {formatMoney(change.now)} (was{' '}
                {formatMoney(change.was)}).
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="text-ink-soft mt-2">
        Your order summary shows today&apos;s prices. Place the order again when ready.
      </p>
    </div>
  );
}

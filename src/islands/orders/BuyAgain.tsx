import { useState } from 'react';
import { toast } from '#src/islands/toast/toast.ts';
import { buyAgain, type NotBoughtAgain } from '#src/stores/buyAgain.ts';
import { flashToast } from '#src/stores/flash.ts';
import type { OrderItem } from '#src/stores/orders.ts';

const WHY: Record<NotBoughtAgain, string> = {
  'sold out': 'is sold out',
  'no longer sold': 'is no longer sold',
  'not saved': 'could not be saved in this browser',
};

/** "Buy again": the order's lines back in the cart at today's prices, then the cart. */
export default function BuyAgain({ items }: { items: OrderItem[] }) {
  const [busy, setBusy] = useState(false);
  if (!items.some((item) => item.productId !== undefined)) return null;

  async function buy() {
    if (busy) return;
    setBusy(true);
    const result = await buyAgain(items);
    setBusy(false);
    if (!result.ok) {
      toast.error("We couldn't reach the shop to see today's prices. Please try again.");
      return;
    }
    const missing = result.missing.map(({ name, reason }) => `${name} ${WHY[reason]}.`).join(' ');
    if (result.added === 0) {
      toast.error('Nothing from this order can be bought today', { description: missing });
      return;
    }
    const units = `${result.added} item${result.added === 1 ? '' : 's'}`;
    flashToast({
      kind: 'success',
      title: `Added ${units} to your cart at today's prices`,
      ...(missing ? { description: missing } : {}),
    });
    location.assign('/cart');
  }

  return (
    <button type="button" className="btn-outline min-h-10 px-5" aria-busy={busy} onClick={() => void buy()}>
      {busy ? 'Adding...' : 'Buy again'}
    </button>
  );
}

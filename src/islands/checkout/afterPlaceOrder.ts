import { toast } from '#src/islands/toast/toast.ts';
import { STORAGE_REFUSED } from '#src/islands/common/notSaved.ts';
import { signInPath } from '#src/lib/returnPath.ts';
import type { CartChange } from '#src/stores/cart.ts';
import { refuseDiscount } from '#src/stores/discount.ts';
import { flashToast } from '#src/stores/flash.ts';
import type { PlaceOrderResult } from '#src/stores/orders.ts';

/** What checkout says when there is no delivery address to place the order with (the spec's words). */
export const NO_ADDRESS = 'Please select a delivery address';

const NOT_SAVED = `${STORAGE_REFUSED} Your order was placed: note its id from this page.`;

/**
 * Where the shopper goes once the shop has the order: a card order to the provider's page to pay
 * (it is placed once paid), else My Orders, with a toast saying how it went.
 */
export function goOnAfterPlacing(result: Extract<PlaceOrderResult, { ok: true }>): void {
  // A card order is placed once paid: the shopper pays on the provider's page first.
  if (result.paymentUrl) {
    location.assign(result.paymentUrl);
    return;
  }
  if (result.paymentError) {
    flashToast({
      kind: 'error',
      title: `Order ${result.order.id} awaits payment`,
      description: result.paymentError,
    });
    location.assign('/my-orders');
    return;
  }
  flashToast(
    result.saved
      ? { kind: 'success', title: 'Order placed successfully!' }
      : {
          kind: 'error',
          title: `Order ${result.order.id} placed, but not saved here`,
          description: NOT_SAVED,
        },
  );
  location.assign('/my-orders');
}

/** What the last Place Order brought back, shown under it, when it did not place the order. */
export type Outcome =
  { kind: 'changed'; message: string; changes: CartChange[] } | { kind: 'failed'; message: string };

/**
 * What checkout does when Place Order placed nothing: says why, or goes where the shopper can go
 * on. Answers what to show under Place Order.
 */
export function afterRefusal(result: Extract<PlaceOrderResult, { ok: false }>): Outcome | undefined {
  switch (result.reason) {
    case 'no-address':
      toast.error(NO_ADDRESS);
      return undefined;
    case 'signed-out':
      location.replace(signInPath('/checkout'));
      return undefined;
    case 'empty-cart':
      location.replace('/cart');
      return undefined;
    case 'changed':
      return { kind: 'changed', message: result.message, changes: result.changes };
    case 'code-refused':
      refuseDiscount(result.message);
      return undefined;
    case 'failed':
      return { kind: 'failed', message: result.message };
  }
}

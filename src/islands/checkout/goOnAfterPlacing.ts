import { STORAGE_REFUSED } from '#src/islands/common/notSaved.ts';
import { flashToast } from '#src/stores/flash.ts';
import type { PlaceOrderResult } from '#src/stores/orders.ts';

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

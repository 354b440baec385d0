import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { toast } from '../toast/toast';
import type { OriginalPrices } from '../../lib/catalogue';
import { signInPath } from '../../lib/returnPath';
import { $addresses } from '../../stores/addresses';
import type { CartChange } from '../../stores/cart';
import { $cart, $cartTotal } from '../../stores/cart';
import { flashToast } from '../../stores/flash';
import { placeOrder } from '../../stores/orders';
import { useSignedInUser } from '../account/useSignedInUser';
import { STORAGE_REFUSED } from '../common/notSaved';
import TextField from '../account/TextField';
import CartChanges from './CartChanges';
import DeliveryAddress from './DeliveryAddress';
import OrderSummary from './OrderSummary';
import { fromStorage } from '../common/fromStorage';

const NO_ADDRESS = 'Please select a delivery address';
const NOT_SAVED = `${STORAGE_REFUSED} Your order was placed: note its id from this page.`;

/** What the last Place Order brought back, when it did not place the order. */
type Outcome =
  { kind: 'changed'; message: string; changes: CartChange[] } | { kind: 'failed'; message: string };

/** `/checkout`: choose or add a delivery address, review the cart, place the order with the shop. */
function CheckoutPage({ originals }: { originals: OriginalPrices }) {
  const user = useSignedInUser();
  const cart = useStore($cart);
  const total = useStore($cartTotal);
  const addresses = useStore($addresses);
  const [chosenId, setChosenId] = useState<string>();
  // Placing an order empties the cart; that must not bounce the shopper to /cart.
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [receiptEmail, setReceiptEmail] = useState('');
  const selected = addresses.find((address) => address.id === chosenId) ?? addresses[0];

  useEffect(() => {
    if (user && cart.length === 0 && !placing && !placed) location.replace('/cart');
  }, [user, cart.length, placing, placed]);

  async function place() {
    if (placing) return;
    if (!selected) {
      toast.error(NO_ADDRESS);
      return;
    }
    setPlacing(true);
    setOutcome(undefined);
    const result = await placeOrder(selected, { receiptEmail });
    if (result.ok) {
      setPlaced(true);
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
      return;
    }
    setPlacing(false);
    switch (result.reason) {
      case 'no-address':
        toast.error(NO_ADDRESS);
        break;
      case 'signed-out':
        location.replace(signInPath('/checkout'));
        break;
      case 'empty-cart':
        location.replace('/cart');
        break;
      case 'changed':
        setOutcome({ kind: 'changed', message: result.message, changes: result.changes });
        break;
      case 'failed':
        setOutcome({ kind: 'failed', message: result.message });
    }
  }

  if (!user || (cart.length === 0 && !placing && !placed)) return null;
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-10">
      <DeliveryAddress user={user} selectedId={selected?.id} onSelect={setChosenId} />
      <OrderSummary
        lines={cart}
        originals={originals}
        total={total}
        canPlace={Boolean(selected) && !placing && !placed}
        busy={placing || placed}
        onPlace={() => void place()}
        beforePlace={
          user.email === '' && (
            <div className="mt-5">
              <TextField
                label="Email for your receipt (optional)"
                type="email"
                autoComplete="email"
                value={receiptEmail}
                onChange={setReceiptEmail}
                hint="Saved to your profile; the receipt and the order's news go there."
              />
            </div>
          )
        }
      >
        {outcome?.kind === 'changed' && <CartChanges message={outcome.message} changes={outcome.changes} />}
        {outcome?.kind === 'failed' && (
          <p
            role="alert"
            className="border-chili/30 bg-chili/5 text-chili mt-5 rounded-xl border px-4 py-3 text-sm"
          >
            {outcome.message}
          </p>
        )}
      </OrderSummary>
    </div>
  );
}

export default fromStorage(CheckoutPage, { cards: 2, columns: true });

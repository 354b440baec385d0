import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { $addresses } from '../../stores/addresses';
import { $cart, $cartTotal } from '../../stores/cart';
import { flashToast } from '../../stores/flash';
import { placeOrder } from '../../stores/orders';
import { useSignedInUser } from '../account/useSignedInUser';
import DeliveryAddress from './DeliveryAddress';
import OrderSummary from './OrderSummary';

const NO_ADDRESS = 'Please select a delivery address';
const NOT_SAVED = "Your browser's storage is full or blocked. Free some space and place the order again.";

/** `/checkout`: choose or add a delivery address, review the cart, place the order. */
export default function CheckoutPage() {
  const user = useSignedInUser();
  const cart = useStore($cart);
  const total = useStore($cartTotal);
  const addresses = useStore($addresses);
  const [chosenId, setChosenId] = useState<string>();
  // Placing an order empties the cart; that must not bounce the shopper to /cart.
  const [placing, setPlacing] = useState(false);
  const selected = addresses.find((address) => address.id === chosenId) ?? addresses[0];

  useEffect(() => {
    if (user && cart.length === 0 && !placing) location.replace('/cart');
  }, [user, cart.length, placing]);

  function place() {
    if (placing) return;
    if (!selected) {
      toast.error(NO_ADDRESS);
      return;
    }
    setPlacing(true);
    const result = placeOrder(selected);
    if (!result.ok) {
      setPlacing(false);
      if (result.reason === 'no-address') toast.error(NO_ADDRESS);
      else location.replace(result.reason === 'signed-out' ? '/auth' : '/cart');
      return;
    }
    flashToast(
      result.saved
        ? { kind: 'success', title: 'Order placed successfully!' }
        : { kind: 'error', title: 'Order not saved', description: NOT_SAVED },
    );
    location.assign('/my-orders');
  }

  if (!user || (cart.length === 0 && !placing)) return null;
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-10">
      <DeliveryAddress addresses={addresses} selectedId={selected?.id} onSelect={setChosenId} />
      <OrderSummary lines={cart} total={total} canPlace={Boolean(selected) && !placing} onPlace={place} />
    </div>
  );
}

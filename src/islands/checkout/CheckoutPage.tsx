import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { toast } from '#src/islands/toast/toast.ts';
import { $addresses } from '#src/stores/addresses.ts';
import { $cart } from '#src/stores/cart.ts';
import { $cartToday } from '#src/stores/productsToday.ts';
import { placeOrder } from '#src/stores/orders.ts';
import { $paymentMethods, loadPaymentMethods } from '#src/stores/paymentMethods.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '#src/lib/payment.ts';
import { useSignedInUser } from '#src/islands/account/useSignedInUser.ts';
import CartChanges from './CartChanges.tsx';
import DeliveryAddress from './DeliveryAddress.tsx';
import OrderSummary from './OrderSummary.tsx';
import PaymentChoice from './PaymentChoice.tsx';
import CheckoutExtras from './CheckoutExtras.tsx';
import { NO_ADDRESS, afterRefusal, goOnAfterPlacing, type Outcome } from './afterPlaceOrder.ts';
import { $discount } from '#src/stores/discount.ts';
import { fromStorage } from '#src/islands/common/fromStorage.tsx';

/** `/checkout`: choose or add a delivery address, review the cart, place the order with the shop. */
function CheckoutPage() {
  const user = useSignedInUser();
  const cart = useStore($cart);
  // A line sold out since it was added is not counted: placing the order takes it out.
  const { total, soldOut } = useStore($cartToday);
  const addresses = useStore($addresses);
  const [chosenId, setChosenId] = useState<string>();
  // Placing an order empties the cart; that must not bounce the shopper to /cart.
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [receiptEmail, setReceiptEmail] = useState('');
  const discount = useStore($discount);
  const [gift, setGift] = useState(false);
  const [giftNote, setGiftNote] = useState('');
  const selected = addresses.find((address) => address.id === chosenId) ?? addresses[0];
  const methods = useStore($paymentMethods);
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod>();
  // The card first when the shop takes cards, as it lists them; until it has said, as it most
  // likely will, so that the summary's note does not change under the shopper.
  const method = chosenMethod ?? (methods ?? PAYMENT_METHODS)[0];

  useEffect(() => {
    void loadPaymentMethods();
  }, []);

  useEffect(() => {
    if (user && cart.length === 0 && !placing && !placed) location.replace('/cart');
  }, [user, cart.length, placing, placed]);

  async function place() {
    if (placing) return;
    if (!selected) {
      toast.error(NO_ADDRESS);
      return;
    }
    if (!methods || !method) return;
    setPlacing(true);
    setOutcome(undefined);
    const result = await placeOrder(selected, {
      receiptEmail,
      // An order the code pays for in full has nothing to pay: the shop takes it as on delivery.
      paymentMethod: discount?.total === 0 ? 'delivery' : method,
      discount: discount?.terms,
      gift: gift ? { note: giftNote } : undefined,
    });
    if (result.ok) {
      setPlaced(true);
      goOnAfterPlacing(result);
      return;
    }
    setPlacing(false);
    setOutcome(afterRefusal(result));
  }

  if (!user || (cart.length === 0 && !placing && !placed)) return null;
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-10">
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <DeliveryAddress user={user} selectedId={selected?.id} onSelect={setChosenId} />
        <PaymentChoice methods={methods} chosen={method} onChoose={setChosenMethod} />
      </div>
      <OrderSummary
        lines={cart}
        total={total}
        soldOut={soldOut}
        method={method}
        country={selected?.country}
        canPlace={Boolean(selected) && methods !== undefined && !placing && !placed}
        busy={placing || placed}
        onPlace={() => void place()}
        discount={discount && { code: discount.terms.code, amount: discount.amount, total: discount.total }}
        beforePlace={
          <CheckoutExtras
            gift={gift}
            giftNote={giftNote}
            onGift={setGift}
            onGiftNote={setGiftNote}
            askEmail={user.email === ''}
            receiptEmail={receiptEmail}
            onReceiptEmail={setReceiptEmail}
          />
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

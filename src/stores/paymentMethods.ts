import { atom, type ReadableAtom } from 'nanostores';
import { isPaymentMethod, type PaymentMethod } from '#src/lib/payment.ts';
import { askShop } from './shop.ts';

const methods = atom<PaymentMethod[] | undefined>(undefined);

/** The ways to pay the shop offers, the card first when it takes cards; undefined until asked. */
export const $paymentMethods: ReadableAtom<PaymentMethod[] | undefined> = methods;

/** Asks the shop how it takes payment; unreachable, it offers pay on delivery, as every shop did. */
export async function loadPaymentMethods(): Promise<PaymentMethod[]> {
  const answer = await askShop('/api/v1/payments/methods');
  const listed = Array.isArray(answer?.body.methods) ? answer.body.methods.filter(isPaymentMethod) : [];
  const offered = listed.length > 0 ? listed : (['delivery'] as PaymentMethod[]);
  methods.set(offered);
  return offered;
}

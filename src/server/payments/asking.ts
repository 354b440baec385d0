import { randomBytes } from 'node:crypto';
import { CURRENCY } from '#src/lib/money.ts';
import type { Store, StoredOrder } from '#src/server/store/types.ts';
import type { PaymentProvider } from './provider.ts';

/** Where the provider's page sends the shopper back: the page that follows the order's payment. */
export const paymentReturnPath = (orderId: string, cancelled = false) =>
  `/payment?order=${encodeURIComponent(orderId)}${cancelled ? '&cancelled=1' : ''}`;

/** 128 random bits: a payment's id tells nothing and cannot be guessed. */
const newPaymentId = () => `pay_${randomBytes(16).toString('base64url')}`;

export type AskedPayment = { ok: true; pageUrl: string } | { ok: false; message: string };

const PROVIDER_UNREACHABLE =
  'We could not reach the payment provider. Your order is kept, awaiting payment: try Pay now on My Orders in a moment, or choose Pay on delivery instead.';

/**
 * Asks `provider` for a payment of the order's total and lines, and answers the page where the
 * shopper pays. The order's first payment uses the order id as the provider's idempotency key, so
 * a retry never asks twice; "Pay now" asks anew for the same order and amount. An open payment
 * of the order is reused as it is (`reuse`: a retried Place Order).
 */
export async function askForPayment(
  store: Store,
  provider: PaymentProvider,
  order: StoredOrder,
  { reuse = false, unpaidMs }: { reuse?: boolean; unpaidMs: number },
): Promise<AskedPayment> {
  const latest = await store.latestPayment(order.id);
  if (reuse && latest?.state === 'open' && latest.pageUrl) return { ok: true, pageUrl: latest.pageUrl };
  const payment = await store.createPayment({
    id: newPaymentId(),
    orderId: order.id,
    provider: provider.name,
    amountCents: order.totalCents,
    currency: CURRENCY.toLowerCase(),
  });
  try {
    const started = await provider.createPayment({
      paymentId: payment.id,
      orderId: order.id,
      amountCents: order.totalCents,
      currency: payment.currency,
      lines: order.lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        unitCents: line.priceCents,
      })),
      idempotencyKey: latest ? `${order.id}-${payment.id}` : order.id,
      returnPath: paymentReturnPath(order.id),
      cancelPath: paymentReturnPath(order.id, true),
      // Stripe keeps a page open 30 minutes at the least; the shop cancels the order at its own hour.
      expiresAt: new Date(Math.max(Date.parse(order.createdAt) + unpaidMs, Date.now() + 31 * 60_000)),
    });
    await store.openPayment(payment.id, started.reference, started.pageUrl);
    return { ok: true, pageUrl: started.pageUrl };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[payments] ${provider.name} could not start a payment for order ${order.id}: ${reason}`);
    return { ok: false, message: PROVIDER_UNREACHABLE };
  }
}

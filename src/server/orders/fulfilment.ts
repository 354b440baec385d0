import { formatMoney, fromCents } from '#src/lib/money.ts';
import type { Payments } from '#src/server/payments/settings.ts';
import type { OrderMove, Store, StoredOrder } from '#src/server/store/types.ts';
import { orderNews, recipientOf } from './news.ts';

/** What the merchant's action on an order came to: the order as it is now, or why not. */
export type FulfilmentResult = { ok: true; order: StoredOrder } | { ok: false; message: string };

const money = (cents: number) => formatMoney(fromCents(cents));

function refused(move: Exclude<OrderMove, { ok: true }>, id: string, doing: string): FulfilmentResult {
  return move.reason === 'not-found'
    ? { ok: false, message: `No order ${id}.` }
    : { ok: false, message: `Order ${id} is ${move.order.status.replace('_', ' ')}: it cannot be ${doing}.` };
}

/** What of a card payment can still be refunded, in cents. */
const refundable = (order: StoredOrder) =>
  order.payment.method === 'card' ? order.payment.paidCents - order.payment.refundedCents : 0;

/**
 * Refunds `cents` of a card order through the provider that took it (all that is left when not
 * given), never more than was paid; the shopper is told. Two refunds asked at once count once:
 * the provider sees the same idempotency key, and the store counts only the first.
 */
export async function refundOrder(
  store: Store,
  payments: Payments,
  id: string,
  cents?: number,
): Promise<FulfilmentResult> {
  const order = await store.findOrder(id);
  if (!order) return { ok: false, message: `No order ${id}.` };
  const left = refundable(order);
  if (order.payment.method !== 'card' || order.payment.paidCents === 0) {
    return {
      ok: false,
      message: `Order ${id} was not paid by card: there is nothing to refund through a provider.`,
    };
  }
  if (left === 0)
    return {
      ok: false,
      message: `Order ${id} is already refunded in full (${money(order.payment.refundedCents)}).`,
    };
  const amount = cents ?? left;
  if (!Number.isInteger(amount) || amount <= 0)
    return { ok: false, message: 'A refund is an amount above $0.00.' };
  if (amount > left) {
    return {
      ok: false,
      message: `At most ${money(left)} of order ${id} can be refunded (${money(order.payment.paidCents)} paid, ${money(order.payment.refundedCents)} refunded).`,
    };
  }
  const payment = await store.paidPayment(id);
  const provider = payment && payments.provider(payment.provider);
  if (!payment || !provider) {
    return { ok: false, message: `The provider that took order ${id}'s payment is not configured here.` };
  }
  try {
    await provider.refund(payment, amount, `${id}-refund-${order.payment.refundedCents}-${amount}`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The provider refused the refund: ${reason}` };
  }
  const news = orderNews(await recipientOf(store, order), 'refunded');
  const recorded = await store.recordRefund(id, amount, order.payment.refundedCents, news);
  if (recorded.ok) return recorded;
  // Counted already: by a notice of this very refund, or by a refund asked at the same moment.
  return {
    ok: false,
    message: `Order ${id} was refunded by another action meanwhile: see it again before refunding more.`,
  };
}

/**
 * Cancels an order that has not shipped: a card payment is refunded in full first, the stock goes
 * back, and the shopper is told.
 */
export async function cancelOrder(store: Store, payments: Payments, id: string): Promise<FulfilmentResult> {
  const order = await store.findOrder(id);
  if (!order) return { ok: false, message: `No order ${id}.` };
  if (order.status !== 'processing' && order.status !== 'awaiting_payment') {
    return {
      ok: false,
      message: `Order ${id} is ${order.status.replace('_', ' ')}: only an order that has not shipped can be cancelled.`,
    };
  }
  if (refundable(order) > 0) {
    const refunded = await refundOrder(store, payments, id);
    if (!refunded.ok) return refunded;
  }
  const news = orderNews(await recipientOf(store, order), 'cancelled');
  const cancelled = await store.cancelOrder(
    id,
    'Cancelled by the shop',
    ['awaiting_payment', 'processing'],
    news,
  );
  return cancelled.ok ? cancelled : refused(cancelled, id, 'cancelled');
}

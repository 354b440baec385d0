import { formatMoney, fromCents, toCents } from '#src/lib/money.ts';
import { paymentLabel } from '#src/lib/payment.ts';
import type { Payments } from '#src/server/payments/settings.ts';
import type { MerchantActor, OrderMove, Shipment, Store, StoredOrder } from '#src/server/store/types.ts';
import { orderNews, recipientOf } from './news.ts';

/**
 * What the merchant does to orders, once, for the back office and the command line alike: ship,
 * deliver, cancel and refund. Each tells the shopper, and is recorded with who did it.
 */

/** What the merchant's action on an order came to: the order as it is now, or why not. */
export type FulfilmentResult = { ok: true; order: StoredOrder } | { ok: false; message: string };

/** Who acts from the command line: recorded as such, with no account. */
export const COMMAND_LINE: MerchantActor = { accountId: '', name: 'command line' };

/** The longest carrier name and tracking number the shop keeps. */
const SHIPMENT_MAX = 60;

const money = (cents: number) => formatMoney(fromCents(cents));
const statusWords = (order: StoredOrder) => order.status.replace('_', ' ');
/** An order's state in the record: its status and how it is paid. */
const stateOf = (order: StoredOrder) => `${statusWords(order)}, ${paymentLabel(order.payment)}`;

async function record(
  store: Store,
  by: MerchantActor,
  action: string,
  before: StoredOrder,
  after: StoredOrder,
): Promise<void> {
  await store.recordMerchantAction({
    accountId: by.accountId,
    actor: by.name,
    action,
    target: before.id,
    before: stateOf(before),
    after: stateOf(after),
  });
}

/** Why an order could not move: named by the last merchant who acted on it, when one did. */
async function refused(
  store: Store,
  move: Exclude<OrderMove, { ok: true }>,
  id: string,
  doing: string,
): Promise<FulfilmentResult> {
  if (move.reason === 'not-found') return { ok: false, message: `No order ${id}.` };
  const [last] = await store.merchantActions({ target: id, limit: 1 });
  const who = last ? ` (${last.action} by ${last.actor} at ${last.at.slice(11, 16)} UTC)` : '';
  return { ok: false, message: `Order ${id} is ${statusWords(move.order)}${who}: it cannot be ${doing}.` };
}

/** A carrier and tracking number as the shop keeps them, or what is wrong with them. */
export function shipmentOf(carrier = '', trackingCode = ''): Shipment | string {
  const shipment = { carrier: carrier.trim(), trackingCode: trackingCode.trim() };
  const { carrier: name, trackingCode: code } = shipment;
  if (name.length > SHIPMENT_MAX || code.length > SHIPMENT_MAX || /\p{Cc}/u.test(name + code)) {
    return `A carrier and a tracking number are at most ${SHIPMENT_MAX} characters of plain text.`;
  }
  return shipment;
}

/** Moves a processing order to shipped (with its carrier, when told) or a shipped one to delivered. */
export async function moveOrderOn(
  store: Store,
  id: string,
  to: 'shipped' | 'delivered',
  by: MerchantActor,
  shipment?: Shipment,
): Promise<FulfilmentResult> {
  const order = await store.findOrder(id);
  if (!order) return { ok: false, message: `No order ${id}.` };
  const news = orderNews(await recipientOf(store, order), to);
  const carried = shipment && (shipment.carrier || shipment.trackingCode) ? shipment : undefined;
  const moved = await store.moveOrder(id, to, news, carried);
  if (!moved.ok) return refused(store, moved, id, `marked ${to}`);
  await record(store, by, to === 'shipped' ? 'ship' : 'deliver', order, moved.order);
  return moved;
}

/**
 * A refund's amount as the merchant types it ("4.50", "$4.50"), in cents; undefined when it is not
 * dollars and cents above 0.
 */
export function refundCentsOf(typed: string): number | undefined {
  const amount = typed.trim().replace(/^\$/, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(amount)) return undefined;
  return toCents(Number(amount)) || undefined;
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
  by: MerchantActor,
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
  if (left === 0) {
    return {
      ok: false,
      message: `Order ${id} is already refunded in full (${money(order.payment.refundedCents)}).`,
    };
  }
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
  if (!recorded.ok) {
    // Counted already: by a notice of this very refund, or by a refund asked at the same moment.
    return {
      ok: false,
      message: `Order ${id} was refunded by another action meanwhile: see it again before refunding more.`,
    };
  }
  await record(store, by, `refund ${money(amount)}`, order, recorded.order);
  return recorded;
}

/**
 * Cancels an order that has not shipped: a card payment is refunded in full first, the stock goes
 * back, and the shopper is told.
 */
export async function cancelOrder(
  store: Store,
  payments: Payments,
  id: string,
  by: MerchantActor,
): Promise<FulfilmentResult> {
  const order = await store.findOrder(id);
  if (!order) return { ok: false, message: `No order ${id}.` };
  if (order.status !== 'processing' && order.status !== 'awaiting_payment') {
    return {
      ok: false,
      message: `Order ${id} is ${statusWords(order)}: only an order that has not shipped can be cancelled.`,
    };
  }
  if (refundable(order) > 0) {
    const refunded = await refundOrder(store, payments, id, by);
    if (!refunded.ok) return refunded;
  }
  const news = orderNews(await recipientOf(store, order), 'cancelled');
  const cancelled = await store.cancelOrder(
    id,
    'Cancelled by the shop',
    ['awaiting_payment', 'processing'],
    news,
  );
  if (!cancelled.ok) return refused(store, cancelled, id, 'cancelled');
  await record(store, by, 'cancel', order, cancelled.order);
  return cancelled;
}

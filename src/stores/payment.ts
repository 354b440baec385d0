import type { PaymentMethod } from '#src/lib/payment.ts';
import { sessionEnded } from './authState.ts';
import { keepShopOrder, type Order } from './orders.ts';
import { isRecord } from './shapes.ts';
import { API, askShop, messageOf } from './shop.ts';

/** Where a payment the shopper came back from stands, as the return page shows it. */
export type PaymentProgress =
  /** No notice yet: the shop is asked again. */
  | 'confirming'
  /** Still no notice after `CONFIRM_PATIENCE_MS`: still asked, less often; the order is safe. */
  | 'slow'
  | 'paid'
  /** The card was declined, or the shopper left the provider's page: Pay now or pay on delivery. */
  | 'unpaid'
  /** Paid on delivery after all, or cancelled: nothing more to pay. */
  | 'settled'
  | 'signed-out'
  | 'not-found';

/** How long "Confirming your payment…" is shown before the shopper is told it may take longer. */
const CONFIRM_PATIENCE_MS = 30_000;
const ASK_EVERY_MS = 1_500;
const ASK_SLOWLY_MS = 5_000;
/** After this the page stops asking; My Orders shows the order's state when it comes. */
const GIVE_UP_MS = 10 * 60_000;

/** What the shop's answer about an order says of its payment. */
function progressOf(order: Order): PaymentProgress {
  if (order.payment.status === 'paid') return 'paid';
  if (order.status === 'awaiting_payment') return order.payment.status === 'failed' ? 'unpaid' : 'confirming';
  return 'settled';
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows an order's payment after the shopper came back from the provider's page (which proves
 * nothing): asks the shop until its notice has marked the order paid or failed, telling
 * `onProgress` each change; `left` when the shopper left the provider's page without paying.
 */
export async function followPayment(
  orderId: string,
  onProgress: (progress: PaymentProgress, order?: Order) => void,
  { left = false, signal }: { left?: boolean; signal: AbortSignal },
): Promise<void> {
  const started = Date.now();
  let last: PaymentProgress | undefined;
  while (!signal.aborted && Date.now() - started < GIVE_UP_MS) {
    const answer = await askShop(`${API.orders}/${encodeURIComponent(orderId)}`);
    if (signal.aborted) return;
    if (answer?.status === 401 || answer?.status === 400) {
      sessionEnded();
      onProgress('signed-out');
      return;
    }
    if (answer?.status === 404) {
      onProgress('not-found');
      return;
    }
    const order = answer?.status === 200 ? keepShopOrder(answer.body.order) : undefined;
    let progress = order ? progressOf(order) : 'confirming';
    // Back from the provider's page without paying: no notice will come to wait for.
    if (progress === 'confirming' && left) progress = 'unpaid';
    const patient = Date.now() - started < CONFIRM_PATIENCE_MS;
    if (progress === 'confirming' && !patient) progress = 'slow';
    if (progress !== last) onProgress(progress, order);
    last = progress;
    if (progress !== 'confirming' && progress !== 'slow') return;
    await wait(patient ? ASK_EVERY_MS : ASK_SLOWLY_MS, signal);
  }
}

export type PaymentChange =
  | { ok: true; paymentUrl?: string; order?: Order }
  | { ok: false; reason: 'signed-out' | 'failed'; message: string };

const UNREACHABLE = "We couldn't reach the shop. Nothing changed: please try again.";

/** Asks the shop to change how an awaiting order is paid: by card now, or on delivery instead. */
async function changePayment(orderId: string, method: PaymentMethod): Promise<PaymentChange> {
  const answer = await askShop(`${API.orders}/${encodeURIComponent(orderId)}/payment`, {
    method: 'POST',
    json: { method },
  });
  if (answer?.status === 401) {
    sessionEnded();
    return { ok: false, reason: 'signed-out', message: 'Please login to continue' };
  }
  // A 409 still says where the order stands now (paid meanwhile, or cancelled).
  if (isRecord(answer?.body.order)) keepShopOrder(answer.body.order);
  if (answer?.status !== 200 || answer.body.success !== true) {
    return { ok: false, reason: 'failed', message: messageOf(answer, UNREACHABLE) };
  }
  const order = isRecord(answer.body.order) ? keepShopOrder(answer.body.order) : undefined;
  const paymentUrl = typeof answer.body.paymentUrl === 'string' ? answer.body.paymentUrl : undefined;
  return { ok: true, ...(paymentUrl ? { paymentUrl } : {}), ...(order ? { order } : {}) };
}

/** "Pay now": a new card payment of the same order and amount; answers where to pay. */
export const payNow = (orderId: string) => changePayment(orderId, 'card');

/** "Pay on delivery instead": the order is processed now, and paid when it arrives. */
export const payOnDeliveryInstead = (orderId: string) => changePayment(orderId, 'delivery');

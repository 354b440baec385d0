import { orderNews, recipientOf } from '#src/server/orders/news.ts';
import type { Recipient } from '#src/server/messages/orderMessages.ts';
import type { SettledNotice, Store } from '#src/server/store/types.ts';
import type { PaymentProvider } from './provider.ts';

/** What a notice's sender is answered: 2xx when the notice is handled (or needs no handling). */
export interface NoticeAnswer {
  status: 200 | 400 | 409;
  message: string;
}

const OUTCOME_LOG: Partial<Record<SettledNotice['outcome'], string>> = {
  mismatch: 'its amount or currency is not the order’s: the order is not marked paid',
  'paid-after-cancel': 'the order was paid after it was cancelled: refund it with npm run orders -- refund',
  'unknown-payment': 'it names no payment of this shop',
};

/**
 * Handles one request to a provider's notice address: only a body whose signature checks marks
 * anything, each event once (the store keeps them by id), and what the order's news says leaves
 * when the payment is confirmed. The log names the order and the event's type, never a session,
 * a secret or a phone.
 */
export async function handleNotice(
  store: Store,
  provider: PaymentProvider,
  rawBody: string,
  headers: Headers,
): Promise<NoticeAnswer> {
  const read = await provider.readNotice(rawBody, headers);
  if (!read.ok) {
    return read.reason === 'ignored'
      ? { status: 200, message: 'Received; this event needs nothing from the shop.' }
      : { status: 400, message: 'The signature does not match this body.' };
  }
  const { notice } = read;
  // Read before the notice's transaction: who hears that the order is paid.
  let recipient: Recipient | undefined;
  const payment = notice.paymentId ? await store.findPayment(notice.paymentId) : undefined;
  const order = payment ? await store.findOrder(payment.orderId) : undefined;
  if (order) recipient = await recipientOf(store, order);
  const settled = await store.settlePayment(notice, (paid) =>
    orderNews(
      recipient ?? { phone: paid.phone, email: '', smsNews: true, emailNews: false, emailConfirmed: false },
      'placed',
      {
        merchant: true,
      },
    ),
  );
  const about = 'order' in settled ? `order ${settled.order.id}` : 'no order';
  const problem = OUTCOME_LOG[settled.outcome];
  const line = `[payments] ${provider.name} ${notice.type} for ${about}: ${settled.outcome}`;
  if (problem) console.error(`${line}; ${problem}`);
  else console.log(line);
  if (settled.outcome === 'too-early') {
    return {
      status: 409,
      message: 'The payment this refund belongs to is not confirmed yet: send it again later.',
    };
  }
  return { status: 200, message: settled.outcome === 'repeated' ? 'Already handled.' : 'Handled.' };
}

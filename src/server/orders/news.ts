import {
  merchantMessages,
  newTrackingToken,
  shopperMessages,
  trackingLink,
  type OrderNews,
  type Recipient,
} from '#src/server/messages/orderMessages.ts';
import type { OrderNewsToQueue, Store, StoredOrder } from '#src/server/store/types.ts';

/** News to queue with a change of an order, and the token of the tracking link it sends. */
export interface NewsToTell extends OrderNewsToQueue {
  token: string;
}

/**
 * What the shopper (and, for a new order, the merchant) is told of `news`, with a new tracking
 * link: queued by the store in the transaction that makes the change.
 */
export function orderNews(to: Recipient, news: OrderNews, { merchant = false } = {}): NewsToTell {
  const { token, hash } = newTrackingToken();
  return {
    token,
    trackingHash: hash,
    messages: (order) => [
      ...shopperMessages(news, order, to, trackingLink(order.id, token)),
      ...(merchant ? merchantMessages(order) : []),
    ],
  };
}

/** Who hears of an order: its account, or (an order from before accounts) its phone by text. */
export async function recipientOf(
  store: Store,
  order: Pick<StoredOrder, 'userId' | 'phone'>,
): Promise<Recipient> {
  const account = await store.findAccount(order.userId);
  return account ?? { phone: order.phone, email: '', smsNews: true, emailNews: false, emailConfirmed: false };
}

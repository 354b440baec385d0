// Orders as they cross between the shop and the browser.

/**
 * The first page of the account's orders as the server drew My Orders with them, in the shape of
 * `GET /api/v1/orders`'s answer: read by the orders store while the page hydrates, then kept.
 */
export interface FirstOrders {
  orders: unknown[];
  /** Whether older orders follow. */
  more: boolean;
}

/** The most a gift note may say: a card's worth. */
export const GIFT_NOTE_MAX = 300;

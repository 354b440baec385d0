// Orders as they cross between the shop and the browser: the rules both sides read at runtime
// (no zod here, so the browser's bundles stay without it; the schemas are in order.schema.ts).

/**
 * An order's statuses: a card order awaits its payment first; then processing, shipped and
 * delivered, only forward; an order that has not shipped may be cancelled.
 */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Whether stored or typed text is one of the statuses. */
export const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

/** The most a gift note may say: a card's worth. */
export const GIFT_NOTE_MAX = 300;

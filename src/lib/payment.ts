/**
 * How an order is paid, as the server answers it and every view shows it: one shape and one set
 * of words for the browser, the server, the messages and the merchant's commands.
 */
export const PAYMENT_METHODS = ['card', 'delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface OrderPayment {
  method: PaymentMethod;
  status: PaymentStatus;
}

/** An order placed before payments existed, or posted without a method: pay on delivery. */
export const ON_DELIVERY: OrderPayment = { method: 'delivery', status: 'pending' };

export const isPaymentMethod = (value: unknown): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly unknown[]).includes(value);

const isPaymentStatus = (value: unknown): value is PaymentStatus =>
  (PAYMENT_STATUSES as readonly unknown[]).includes(value);

/** An order's payment read from an answer or storage; pay on delivery when it says nothing usable. */
export function readPayment(value: unknown): OrderPayment {
  if (typeof value !== 'object' || value === null) return ON_DELIVERY;
  const { method, status } = value as Record<string, unknown>;
  return isPaymentMethod(method) && isPaymentStatus(status) ? { method, status } : ON_DELIVERY;
}

/** The words every view uses: "Paid by card", "Pay on delivery", "Payment failed", "Refunded"… */
export function paymentLabel({ method, status }: OrderPayment): string {
  switch (status) {
    case 'refunded':
      return 'Refunded';
    case 'partially_refunded':
      return 'Partly refunded';
    case 'failed':
      return 'Payment failed';
    case 'paid':
      return method === 'card' ? 'Paid by card' : 'Paid on delivery';
    case 'pending':
      return method === 'card' ? 'Awaiting payment' : 'Pay on delivery';
  }
}

import { isPaymentMethod } from '#src/lib/payment.ts';
import { ORDER_STATUSES, isOrderStatus } from '#src/lib/shapes/orders.ts';
import type { OrderFilter, OrderStatus } from '#src/server/store/types.ts';

/** Orders a page of the back office's list shows. */
const ADMIN_ORDERS_PAGE = 25;

const PAYMENTS = ['card', 'delivery', 'pending', 'paid', 'failed', 'refunded', 'partially_refunded'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type OrderQuery =
  | { ok: true; filter: OrderFilter; page: number; pageSize: number; asked: Record<string, string> }
  | { ok: false; message: string };

/** A day written `YYYY-MM-DD` as the ISO time it starts (UTC), `days` later; undefined when not a day. */
function dayStart(day: string, days = 0): string | undefined {
  if (!DAY.test(day)) return undefined;
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isNaN(time) ? undefined : new Date(time + days * 86_400_000).toISOString();
}

/**
 * The back office's order list as its address asks for it (`status`, `payment`, `from`, `to`,
 * `q`, `page`; each optional), or what is wrong with it.
 */
export function orderFilterOf(params: URLSearchParams): OrderQuery {
  const asked = Object.fromEntries(
    ['status', 'payment', 'from', 'to', 'q', 'page'].map((name) => [name, params.get(name)?.trim() ?? '']),
  );
  const { status = '', payment = '', from = '', to = '', q = '', page = '' } = asked;
  if (status && !isOrderStatus(status)) {
    return { ok: false, message: `Status must be one of ${ORDER_STATUSES.join(', ')}.` };
  }
  if (payment && !isPaymentMethod(payment) && !(PAYMENTS as readonly string[]).includes(payment)) {
    return { ok: false, message: `Payment must be one of ${PAYMENTS.join(', ')}.` };
  }
  const fromTime = from ? dayStart(from) : undefined;
  const toTime = to ? dayStart(to, 1) : undefined;
  if ((from && !fromTime) || (to && !toTime)) return { ok: false, message: 'Dates are written YYYY-MM-DD.' };
  if ([...q].length > 100) return { ok: false, message: 'A search is at most 100 characters.' };
  const pageNumber = page ? Number(page) : 1;
  if (!/^\d{0,6}$/.test(page) || pageNumber < 1)
    return { ok: false, message: 'Page must be a whole number from 1.' };
  return {
    ok: true,
    page: pageNumber,
    pageSize: ADMIN_ORDERS_PAGE,
    asked,
    filter: {
      status: (status || undefined) as OrderStatus | undefined,
      payment: (payment || undefined) as OrderFilter['payment'],
      from: fromTime,
      to: toTime,
      search: q || undefined,
      // One more than a page tells whether another follows.
      limit: ADMIN_ORDERS_PAGE + 1,
      offset: (pageNumber - 1) * ADMIN_ORDERS_PAGE,
    },
  };
}

import { returnDiscount } from './discounts.ts';
import { formatMoney, fromCents } from '#src/lib/money.ts';
import type { SqlDriver, SqlExecutor, SqlTransaction } from './sql.ts';
import { returnStock } from './stock.ts';
import { tell } from './orders.ts';
import type {
  NewPayment,
  OrderMove,
  OrderEventKind,
  OrderNewsToQueue,
  OrderStatus,
  PaymentNotice,
  PaymentRecord,
  SettledNotice,
  StoredOrder,
} from './types.ts';

const PAYMENT_COLUMNS = `id, order_id AS "orderId", provider, reference, intent, page_url AS "pageUrl",
  amount_cents AS "amountCents", currency, state, created_at AS "createdAt"`;

type PaymentRow = Omit<PaymentRecord, 'amountCents'> & { amountCents: number | string };

const record = (row: PaymentRow): PaymentRecord => ({ ...row, amountCents: Number(row.amountCents) });

/** Thrown inside a notice's transaction to store nothing: the provider is told to send it again later. */
class NoticeTooEarly extends Error {
  override readonly name = 'NoticeTooEarly';
}

function event(tx: SqlTransaction, orderId: string, kind: OrderEventKind, at: string, detail = ''): void {
  tx.later('INSERT INTO order_events (order_id, status, at, detail) VALUES ($1, $2, $3, $4)', [
    orderId,
    kind,
    at,
    detail,
  ]);
}

/** The payment queries of `Store`. `find` reads an order as a transaction sees it; `stamp` gives row times. */
export function paymentQueries(
  driver: SqlDriver,
  stamp: () => string,
  find: (db: SqlExecutor, id: string) => Promise<StoredOrder | undefined>,
) {
  async function paymentOf(db: SqlExecutor, where: string, values: string[]) {
    const [row] = await db.all<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE ${where} ORDER BY created_at DESC LIMIT 1`,
      values,
    );
    return row && record(row);
  }

  /** The payment a notice names: by the shop's own id when it carries one, else by the provider's. */
  function noticedPayment(db: SqlExecutor, notice: PaymentNotice) {
    if (notice.paymentId) return paymentOf(db, 'id = $1', [notice.paymentId]);
    if (notice.reference) {
      return paymentOf(db, 'provider = $1 AND reference = $2', [notice.provider, notice.reference]);
    }
    if (notice.intent)
      return paymentOf(db, 'provider = $1 AND intent = $2', [notice.provider, notice.intent]);
    return Promise.resolve(undefined);
  }

  /** Closes every open payment of an order: a later notice for one still counts, but nobody is sent to it. */
  const closeOpenPayments = (tx: SqlTransaction, orderId: string, state: string, now: string) =>
    tx.later(
      "UPDATE payments SET state = $2, updated_at = $3 WHERE order_id = $1 AND state IN ('creating', 'open')",
      [orderId, state, now],
    );

  /** What a verified notice changes, inside its transaction; answers what came of it. */
  async function apply(
    tx: SqlTransaction,
    notice: PaymentNotice,
    news: (order: StoredOrder) => OrderNewsToQueue | undefined,
    now: string,
  ): Promise<SettledNotice> {
    const payment = await noticedPayment(tx, notice);
    // A refund names the charge, known once the payment's own notice came: until then it waits.
    if (!payment && notice.kind === 'refunded') throw new NoticeTooEarly();
    if (!payment) return { outcome: 'unknown-payment' };
    const order = await find(tx, payment.orderId);
    if (!order) return { outcome: 'unknown-payment' };
    if (notice.intent && !payment.intent) {
      tx.later('UPDATE payments SET intent = $2 WHERE id = $1', [payment.id, notice.intent]);
    }
    switch (notice.kind) {
      case 'paid': {
        const sameMoney =
          notice.amountCents === payment.amountCents &&
          payment.amountCents === order.totalCents &&
          notice.currency?.toLowerCase() === payment.currency.toLowerCase();
        if (!sameMoney) return { outcome: 'mismatch', order };
        if (order.payment.status !== 'pending' && order.payment.status !== 'failed') {
          return { outcome: 'no-change', order };
        }
        tx.later("UPDATE payments SET state = 'paid', updated_at = $2 WHERE id = $1", [payment.id, now]);
        await tx.run(
          `UPDATE orders SET payment_method = 'card', payment_status = 'paid', paid_cents = $2,
             status = CASE WHEN status = 'awaiting_payment' THEN 'processing' ELSE status END
           WHERE id = $1`,
          [order.id, payment.amountCents],
        );
        event(tx, order.id, 'paid', now);
        const wasAwaiting = order.status === 'awaiting_payment';
        if (wasAwaiting) event(tx, order.id, 'processing', now);
        const paid = await find(tx, order.id);
        if (!paid) return { outcome: 'unknown-payment' };
        const told = wasAwaiting ? news(paid) : undefined;
        if (told) tell(tx, paid, told, now);
        // Paid after the order was cancelled (it expired first): the merchant refunds it.
        return { outcome: order.status === 'cancelled' ? 'paid-after-cancel' : 'paid', order: paid };
      }
      case 'failed':
      case 'cancelled':
      case 'expired': {
        const closed = await tx.run(
          "UPDATE payments SET state = $2, updated_at = $3 WHERE id = $1 AND state IN ('creating', 'open')",
          [payment.id, notice.kind, now],
        );
        if (closed === 0 || notice.kind !== 'failed' || order.status !== 'awaiting_payment') {
          return { outcome: 'no-change', order };
        }
        await tx.run(
          "UPDATE orders SET payment_status = 'failed' WHERE id = $1 AND payment_status = 'pending'",
          [order.id],
        );
        event(tx, order.id, 'payment_failed', now);
        return { outcome: 'failed', order: (await find(tx, order.id)) ?? order };
      }
      case 'refunded': {
        const total = notice.refundedCents ?? 0;
        // A refund told of before its payment: stored by nobody, so the provider sends it again.
        if (order.payment.paidCents === 0) throw new NoticeTooEarly();
        const changed = await recordRefundTo(tx, order, total, now);
        return { outcome: changed ? 'refunded' : 'no-change', order };
      }
      case 'processing':
        return { outcome: 'no-change', order };
    }
  }

  /** Raises what was refunded of `order` to `total` cents (never down, never past what was paid). */
  async function recordRefundTo(tx: SqlTransaction, order: StoredOrder, total: number, now: string) {
    const changed = await tx.run(
      `UPDATE orders SET refunded_cents = $2,
         payment_status = CASE WHEN $2 >= paid_cents THEN 'refunded' ELSE 'partially_refunded' END
       WHERE id = $1 AND refunded_cents < $2 AND paid_cents >= $2`,
      [order.id, total],
    );
    if (changed > 0) {
      const cents = total - order.payment.refundedCents;
      event(
        tx,
        order.id,
        'refunded',
        now,
        `${formatMoney(fromCents(cents))} of ${formatMoney(fromCents(order.payment.paidCents))}`,
      );
    }
    return changed > 0;
  }

  return {
    createPayment: async (payment: NewPayment): Promise<PaymentRecord> => {
      const now = stamp();
      await driver.run(
        `INSERT INTO payments (id, order_id, provider, reference, intent, page_url, amount_cents, currency, state, created_at, updated_at)
         VALUES ($1, $2, $3, '', '', '', $4, $5, 'creating', $6, $6)`,
        [payment.id, payment.orderId, payment.provider, payment.amountCents, payment.currency, now],
      );
      return { ...payment, reference: '', intent: '', pageUrl: '', state: 'creating', createdAt: now };
    },

    openPayment: async (id: string, reference: string, pageUrl: string) => {
      await driver.run(
        "UPDATE payments SET reference = $2, page_url = $3, state = 'open', updated_at = $4 WHERE id = $1 AND state = 'creating'",
        [id, reference, pageUrl, stamp()],
      );
    },

    findPayment: (id: string) => paymentOf(driver, 'id = $1', [id]),

    /** The newest payment asked for an order (undefined when none was). */
    latestPayment: (orderId: string) => paymentOf(driver, 'order_id = $1', [orderId]),

    /** The newest payment that took the order's money, for refunds. */
    paidPayment: (orderId: string) => paymentOf(driver, "order_id = $1 AND state = 'paid'", [orderId]),

    /**
     * Stores a verified notice once by its event id and applies it in the same transaction:
     * delivered twice, or to two servers at once, it changes the order once. A notice that
     * cannot apply yet (a refund before its payment) is not stored: `too-early`.
     */
    settlePayment: async (
      notice: PaymentNotice,
      news: (order: StoredOrder) => OrderNewsToQueue | undefined,
    ): Promise<SettledNotice> => {
      try {
        return await driver.transaction(async (tx) => {
          const now = stamp();
          const fresh = await tx.run(
            `INSERT INTO payment_notices (provider, event_id, type, outcome, received_at)
             VALUES ($1, $2, $3, 'received', $4) ON CONFLICT DO NOTHING`,
            [notice.provider, notice.eventId, notice.type, now],
          );
          if (fresh === 0) return { outcome: 'repeated' };
          const settled = await apply(tx, notice, news, now);
          tx.later('UPDATE payment_notices SET outcome = $3 WHERE provider = $1 AND event_id = $2', [
            notice.provider,
            notice.eventId,
            settled.outcome,
          ]);
          return settled;
        });
      } catch (error) {
        if (error instanceof Error && error.name === 'NoticeTooEarly') return { outcome: 'too-early' };
        throw error;
      }
    },

    /** The shopper chose to pay on delivery after all: the order is processed and its news sent. */
    payOnDelivery: (orderId: string, news: OrderNewsToQueue): Promise<OrderMove> =>
      driver.transaction(async (tx) => {
        const order = await find(tx, orderId);
        if (!order) return { ok: false, reason: 'not-found' };
        const changed = await tx.run(
          `UPDATE orders SET payment_method = 'delivery', payment_status = 'pending', status = 'processing'
           WHERE id = $1 AND status = 'awaiting_payment'`,
          [orderId],
        );
        if (changed === 0) return { ok: false, reason: 'not-allowed', order };
        const now = stamp();
        closeOpenPayments(tx, orderId, 'cancelled', now);
        event(tx, orderId, 'pay_on_delivery', now);
        event(tx, orderId, 'processing', now);
        const updated = (await find(tx, orderId)) ?? order;
        tell(tx, updated, news, now);
        return { ok: true, order: updated };
      }),

    /**
     * Cancels an order in one of the statuses `from` and puts its stock back, once: of two cancels
     * at the same moment (or an expiry and a notice), one changes it and the other is `not-allowed`.
     */
    cancelOrder: (
      orderId: string,
      why: string,
      from: readonly OrderStatus[],
      news?: OrderNewsToQueue,
    ): Promise<OrderMove> =>
      driver.transaction(async (tx) => {
        const order = await find(tx, orderId);
        if (!order) return { ok: false, reason: 'not-found' };
        if (!from.includes(order.status)) return { ok: false, reason: 'not-allowed', order };
        // Only from the status just read: a notice or another cancel in between changes nothing here.
        const changed = await tx.run(
          `UPDATE orders SET status = 'cancelled',
             payment_status = CASE WHEN payment_status = 'pending' AND payment_method = 'card' THEN 'failed' ELSE payment_status END
           WHERE id = $1 AND status = $2`,
          [orderId, order.status],
        );
        if (changed === 0) return { ok: false, reason: 'not-allowed', order };
        const now = stamp();
        returnStock(tx, order.lines, now);
        if (order.discount) returnDiscount(tx, order.discount, order.userId);
        closeOpenPayments(tx, orderId, 'cancelled', now);
        event(tx, orderId, 'cancelled', now, why);
        const updated = (await find(tx, orderId)) ?? order;
        if (news) tell(tx, updated, news, now);
        return { ok: true, order: updated };
      }),

    /**
     * Records a refund the provider made: `refundedBefore` is what the order had refunded when
     * the merchant asked, so two refunds asked at once count once (`not-allowed` for the other).
     */
    recordRefund: (
      orderId: string,
      cents: number,
      refundedBefore: number,
      news?: OrderNewsToQueue,
    ): Promise<OrderMove> =>
      driver.transaction(async (tx) => {
        const order = await find(tx, orderId);
        if (!order) return { ok: false, reason: 'not-found' };
        if (order.payment.refundedCents !== refundedBefore)
          return { ok: false, reason: 'not-allowed', order };
        const now = stamp();
        if (!(await recordRefundTo(tx, order, refundedBefore + cents, now))) {
          return { ok: false, reason: 'not-allowed', order };
        }
        const updated = (await find(tx, orderId)) ?? order;
        if (news) tell(tx, updated, news, now);
        return { ok: true, order: updated };
      }),

    /** Ids of orders still awaiting payment that were placed before `before` (ISO 8601), oldest first. */
    unpaidOrders: async (before: string, limit: number): Promise<string[]> =>
      (
        await driver.all<{ id: string }>(
          `SELECT id FROM orders WHERE status = 'awaiting_payment' AND created_at < $1 ORDER BY created_at LIMIT $2`,
          [before, limit],
        )
      ).map((row) => row.id),
  };
}

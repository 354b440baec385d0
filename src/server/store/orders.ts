import { randomInt } from 'node:crypto';
import { spentDiscount, useDiscount } from './discounts.ts';
import { queueMessage } from './outbox.ts';
import { isShortOfStock, stockShortages, takeStock } from './stock.ts';
import type { SqlDriver, SqlExecutor, SqlTransaction } from './sql.ts';
import type { PaymentMethod, PaymentStatus } from '#src/lib/payment.ts';
import type {
  DeliveryAddress,
  NewOrder,
  OrderEvent,
  OrderEventKind,
  OrderFilter,
  OrderLine,
  OrderMove,
  OrderNewsToQueue,
  OrderPage,
  OrderStatus,
  PlacedOrder,
  Shipment,
  StoredOrder,
} from './types.ts';

/** Orders whose lines and events are read in one query: well under SQLite's 32,766 bound values. */
const LOAD_BATCH = 500;

interface OrderRow {
  id: string;
  userId: string;
  phone: string;
  address: string;
  totalCents: number | string;
  status: OrderStatus;
  createdAt: string;
  requestHash: string;
  carrier: string;
  trackingCode: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  paidCents: number | string;
  refundedCents: number | string;
  discountCode: string;
  discountCents: number | string;
  giftNote: string | null;
}

const ORDER_COLUMNS = `id, user_id AS "userId", phone, address, total_cents AS "totalCents", status,
  created_at AS "createdAt", request_hash AS "requestHash", carrier, tracking_code AS "trackingCode",
  payment_method AS "paymentMethod", payment_status AS "paymentStatus", paid_cents AS "paidCents",
  refunded_cents AS "refundedCents", discount_code AS "discountCode", discount_cents AS "discountCents",
  gift_note AS "giftNote"`;

/** The status each move needs the order to be in: statuses only go forward, one step at a time. */
const MOVES_FROM: Record<'shipped' | 'delivered', OrderStatus> = {
  shipped: 'processing',
  delivered: 'shipped',
};

/** An order's address as stored (JSON): fields an older order lacks (its country) read as empty. */
function addressOf(stored: string): DeliveryAddress {
  const address = JSON.parse(stored) as Partial<DeliveryAddress>;
  return { name: '', street: '', city: '', state: '', zip: '', country: '', phone: '', ...address };
}

/** Random digits after `ORD-`: an id tells nothing of when an order was placed or how many there are. */
const ORDER_ID_DIGITS = 12;

/** A new order id, `ORD-` and 12 random digits (a taken one is drawn again by the caller). */
function newOrderId(): string {
  return `ORD-${String(randomInt(10 ** ORDER_ID_DIGITS)).padStart(ORDER_ID_DIGITS, '0')}`;
}

/**
 * Keeps the tracking link's token hash and queues the messages about `order`, inside the
 * transaction that stored what they tell of: both happen, or neither.
 */
export function tell(tx: SqlTransaction, order: StoredOrder, news: OrderNewsToQueue, now: string): void {
  tx.later('INSERT INTO tracking_tokens (token_hash, order_id, created_at) VALUES ($1, $2, $3)', [
    news.trackingHash,
    order.id,
    now,
  ]);
  for (const message of news.messages(order)) queueMessage(tx, message, now);
}

/** The order queries of `Store`, on whichever driver the store runs. `stamp` gives row times. */
export function orderQueries(driver: SqlDriver, stamp: () => string) {
  /**
   * The orders of `rows` with their lines and events, read in batches of ids (a query binds at
   * most 32,766 values) and grouped by order in one pass, so a long list costs linear time.
   */
  async function load(db: SqlExecutor, rows: OrderRow[]): Promise<StoredOrder[]> {
    const lines = new Map<string, OrderLine[]>();
    const events = new Map<string, OrderEvent[]>();
    for (let start = 0; start < rows.length; start += LOAD_BATCH) {
      const ids = rows.slice(start, start + LOAD_BATCH).map((row) => row.id);
      const marks = ids.map((_, index) => `$${index + 1}`).join(', ');
      const [lineRows, eventRows] = await Promise.all([
        db.all<{
          orderId: string;
          productId: string;
          pack: string;
          name: string;
          quantity: number | string;
          priceCents: number | string;
          lot: string;
        }>(
          `SELECT order_id AS "orderId", product_id AS "productId", pack, name, quantity, price_cents AS "priceCents", lot
           FROM order_lines WHERE order_id IN (${marks}) ORDER BY order_id, position`,
          ids,
        ),
        db.all<{ orderId: string; status: OrderEventKind; at: string; detail: string }>(
          `SELECT order_id AS "orderId", status, at, detail FROM order_events WHERE order_id IN (${marks}) ORDER BY at`,
          ids,
        ),
      ]);
      for (const { orderId, productId, pack, name, quantity, priceCents, lot } of lineRows) {
        const line: OrderLine = {
          productId,
          pack,
          name,
          quantity: Number(quantity),
          priceCents: Number(priceCents),
        };
        if (lot) line.lot = lot;
        lines.set(orderId, [...(lines.get(orderId) ?? []), line]);
      }
      for (const { orderId, status, at, detail } of eventRows) {
        events.set(orderId, [...(events.get(orderId) ?? []), { status, at, ...(detail ? { detail } : {}) }]);
      }
    }
    return rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      phone: row.phone,
      address: addressOf(row.address),
      totalCents: Number(row.totalCents),
      status: row.status,
      createdAt: row.createdAt,
      shipment: { carrier: row.carrier, trackingCode: row.trackingCode },
      lines: lines.get(row.id) ?? [],
      events: events.get(row.id) ?? [],
      payment: {
        method: row.paymentMethod,
        status: row.paymentStatus,
        paidCents: Number(row.paidCents),
        refundedCents: Number(row.refundedCents),
      },
      ...(row.discountCode ? { discount: { code: row.discountCode, cents: Number(row.discountCents) } } : {}),
      ...(row.giftNote === null ? {} : { gift: { note: row.giftNote } }),
    }));
  }

  async function find(db: SqlExecutor, where: string, value: string): Promise<StoredOrder | undefined> {
    const rows = await db.all<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where} = $1`, [value]);
    return (await load(db, rows))[0];
  }

  return {
    /** The order `id` as `db` (a transaction, or the driver) sees it now. */
    find: (db: SqlExecutor, id: string) => find(db, 'id', id),

    async placeOrder(order: NewOrder): Promise<PlacedOrder> {
      // A take larger than what is left fails the COMMIT (see takeStock); what is short is then
      // read afresh. Should the merchant have added stock in between, the order is tried again.
      const method = order.paymentMethod ?? 'delivery';
      const status: OrderStatus = method === 'card' ? 'awaiting_payment' : 'processing';
      for (let tries = 1; ; tries++) {
        try {
          return await driver.transaction(async (tx): Promise<PlacedOrder> => {
            const createdAt = stamp();
            for (;;) {
              const id = newOrderId();
              // DO NOTHING on any conflict: a taken key (checked below) or, from another process,
              // a taken id (then the next id is tried).
              const inserted = await tx.run(
                `INSERT INTO orders (id, idempotency_key, request_hash, user_id, phone, phone_digits, address, total_cents, status, created_at, payment_method,
               discount_code, discount_cents, gift_note)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $10, $9, $11, $12, $13, $14) ON CONFLICT DO NOTHING`,
                [
                  id,
                  order.idempotencyKey,
                  order.requestHash,
                  order.userId,
                  order.phone,
                  order.phone.replace(/\D/g, ''),
                  JSON.stringify(order.address),
                  order.totalCents,
                  createdAt,
                  status,
                  method,
                  order.discount?.code ?? '',
                  order.discount?.cents ?? 0,
                  order.gift ? order.gift.note : null,
                ],
              );
              if (inserted === 0) {
                const existing = await tx.all<OrderRow>(
                  `SELECT ${ORDER_COLUMNS} FROM orders WHERE idempotency_key = $1`,
                  [order.idempotencyKey],
                );
                const [first] = await load(tx, existing);
                if (!first) continue;
                const same = existing[0]?.requestHash === order.requestHash;
                return { outcome: same ? 'repeated' : 'key-reused', order: first };
              }
              // Written with the COMMIT, in one trip: nothing below waits for an answer.
              takeStock(tx, order.lines, createdAt);
              if (order.discount) useDiscount(tx, order.discount, order.userId);
              for (const [position, line] of order.lines.entries()) {
                tx.later(
                  `INSERT INTO order_lines (order_id, position, product_id, pack, name, quantity, price_cents, lot)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
                  [
                    id,
                    position,
                    line.productId,
                    line.pack,
                    line.name,
                    line.quantity,
                    line.priceCents,
                    line.lot ?? '',
                  ],
                );
              }
              tx.later(`INSERT INTO order_events (order_id, status, at) VALUES ($1, $2, $3)`, [
                id,
                status,
                createdAt,
              ]);
              const stored: StoredOrder = {
                id,
                userId: order.userId,
                phone: order.phone,
                address: order.address,
                totalCents: order.totalCents,
                status,
                createdAt,
                shipment: { carrier: '', trackingCode: '' },
                lines: order.lines.map(({ productId, pack, name, quantity, priceCents, lot }) => ({
                  productId,
                  pack,
                  name,
                  quantity,
                  priceCents,
                  ...(lot ? { lot } : {}),
                })),
                events: [{ status, at: createdAt }],
                payment: { method, status: 'pending', paidCents: 0, refundedCents: 0 },
                ...(order.discount ? { discount: order.discount } : {}),
                ...(order.gift ? { gift: order.gift } : {}),
              };
              if (order.news) tell(tx, stored, order.news, createdAt);
              return { outcome: 'created', order: stored };
            }
          });
        } catch (error) {
          const spent = spentDiscount(error);
          if (spent) return { outcome: 'discount-spent', reason: spent };
          if (!isShortOfStock(error)) throw error;
          const shortages = await stockShortages(driver, order.lines);
          if (shortages.length > 0) return { outcome: 'short', shortages };
          if (tries === 3) throw error;
        }
      }
    },

    findOrder: (id: string) => find(driver, 'id', id),

    async orderByTrackingHash(hash: string) {
      const [link] = await driver.all<{ orderId: string }>(
        'SELECT order_id AS "orderId" FROM tracking_tokens WHERE token_hash = $1',
        [hash],
      );
      return link ? find(driver, 'id', link.orderId) : undefined;
    },

    listOrders: async ({ before, limit }: OrderPage): Promise<StoredOrder[]> => {
      // Keyset pagination: each page starts where the last one ended, found through the index
      // on created_at, however deep in the list it is.
      const rows = before
        ? await driver.all<OrderRow>(
            `SELECT ${ORDER_COLUMNS} FROM orders WHERE created_at < $1 OR (created_at = $1 AND id < $2)
             ORDER BY created_at DESC, id DESC LIMIT $3`,
            [before.createdAt, before.id, limit],
          )
        : await driver.all<OrderRow>(
            `SELECT ${ORDER_COLUMNS} FROM orders ORDER BY created_at DESC, id DESC LIMIT $1`,
            [limit],
          );
      return load(driver, rows);
    },

    accountOrders: async (userId: string, { limit, offset }: { limit: number; offset: number }) =>
      load(
        driver,
        await driver.all<OrderRow>(
          `SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
          [userId, limit, offset],
        ),
      ),

    /**
     * The back office's list: newest first, `limit` from `offset`, narrowed by status, payment
     * (a method or a payment status), the day placed (UTC dates, both ends included) and a search
     * of the id, the phone's digits or the delivery name.
     */
    async findOrders({
      status,
      payment,
      from,
      to,
      search,
      limit,
      offset,
    }: OrderFilter): Promise<StoredOrder[]> {
      const where: string[] = [];
      const values: (string | number)[] = [];
      const bind = (value: string | number) => {
        values.push(value);
        return `$${values.length}`;
      };
      if (status) where.push(`status = ${bind(status)}`);
      if (payment === 'card' || payment === 'delivery') where.push(`payment_method = ${bind(payment)}`);
      else if (payment) where.push(`payment_status = ${bind(payment)}`);
      if (from) where.push(`created_at >= ${bind(from)}`);
      if (to) where.push(`created_at < ${bind(to)}`);
      const text = search?.trim() ?? '';
      if (text) {
        const like = `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        const digits = text.replace(/\D/g, '');
        const matches = [
          `LOWER(id) LIKE ${bind(like)} ESCAPE '\\'`,
          `LOWER(address) LIKE ${bind(like)} ESCAPE '\\'`,
        ];
        if (digits.length >= 3) matches.push(`phone_digits LIKE ${bind(`%${digits}%`)}`);
        where.push(`(${matches.join(' OR ')})`);
      }
      const rows = await driver.all<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY created_at DESC, id DESC LIMIT ${bind(limit)} OFFSET ${bind(offset)}`,
        values,
      );
      return load(driver, rows);
    },

    async orderByKey(key: string) {
      const rows = await driver.all<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders WHERE idempotency_key = $1`,
        [key],
      );
      const [order] = await load(driver, rows);
      return order && rows[0] ? { order, requestHash: rows[0].requestHash } : undefined;
    },

    moveOrder: (
      id: string,
      to: 'shipped' | 'delivered',
      news?: OrderNewsToQueue,
      shipment?: Shipment,
    ): Promise<OrderMove> =>
      driver.transaction(async (tx) => {
        const order = await find(tx, 'id', id);
        if (!order) return { ok: false, reason: 'not-found' };
        const moved = await tx.run('UPDATE orders SET status = $1 WHERE id = $2 AND status = $3', [
          to,
          id,
          MOVES_FROM[to],
        ]);
        if (moved === 0) return { ok: false, reason: 'not-allowed', order };
        const at = stamp();
        await tx.run('INSERT INTO order_events (order_id, status, at) VALUES ($1, $2, $3)', [id, to, at]);
        if (shipment) {
          await tx.run('UPDATE orders SET carrier = $2, tracking_code = $3 WHERE id = $1', [
            id,
            shipment.carrier,
            shipment.trackingCode,
          ]);
        }
        const updated = await find(tx, 'id', id);
        if (!updated) return { ok: false, reason: 'not-found' };
        if (news) tell(tx, updated, news, at);
        return { ok: true, order: updated };
      }),
  };
}

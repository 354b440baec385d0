import { createHash } from 'node:crypto';
import { normaliseOrderId } from '#src/lib/orderId.ts';
import type { APIRoute } from 'astro';
import type { z } from 'astro/zod';
import { formatLongDate } from '#src/lib/dates.ts';
import { fromCents, toCents } from '#src/lib/money.ts';
import { accountEndpoint, answerSafely } from '#src/server/api/endpoint.ts';
import { clientOf } from '#src/server/api/client.ts';
import { createRateLimiter, rateLimitFromEnv } from '#src/server/api/rateLimit.ts';
import { reply } from '#src/server/api/respond.ts';
import { signInFirst } from '#src/server/identity/index.ts';
import { addressCopy } from '#src/server/identity/api.ts';
import {
  trackingLink,
  trackingLinkDaysFromEnv,
  trackingTokenHash,
} from '#src/server/messages/orderMessages.ts';
import { askForPayment, type AskedPayment } from '#src/server/payments/asking.ts';
import { normalisePhone } from '#src/server/identity/phone.ts';
import type { OrderDiscount, StoredOrder } from '#src/server/store/types.ts';
import { checkDiscount, usedByAccount, usedUp } from '#src/server/discounts/check.ts';
import {
  orderRequest,
  type AnsweredOrder,
  type FirstOrders,
  type OrderRequest,
  type OwnOrder,
  type OwnOrderCopy,
  type TrackedOrder,
} from '#src/lib/shapes/order.schema.ts';
import { availability, type StockCounts } from '#src/lib/stock.ts';
import { stockCountsOf } from '#src/server/stock/api.ts';
import { rememberJustPlaced } from './justPlaced.ts';
import { orderNews } from './news.ts';
import type { Catalogue } from '#src/server/catalogue/load.ts';
import { priceLines, type PricedLine } from './pricing.ts';

/** Lookups a client may make for each order it may place: My Orders refreshes several at once. */
const LOOKUPS_PER_ORDER = 6;

const KEY = /^[\w-]{16,128}$/;
const BAD_KEY =
  'Send an Idempotency-Key header of 16 to 128 letters, digits, "-" or "_" (a UUID will do), the same on every retry.';

/** "Line 2: Quantity must be…" for an issue inside the items, the plain message elsewhere. */
function describe(issue: z.core.$ZodIssue): string {
  const [field, index] = issue.path;
  return field === 'items' && typeof index === 'number'
    ? `Line ${index + 1}: ${issue.message}`
    : issue.message;
}

/** An order's id, day, total, status and lines: what every answer about it begins with. */
function orderBasics(order: StoredOrder): AnsweredOrder {
  return {
    id: order.id,
    // In UTC: the browser writes the day again in the shopper's own time zone.
    date: formatLongDate(new Date(order.createdAt), 'UTC'),
    placedAt: order.createdAt,
    total: fromCents(order.totalCents),
    status: order.status,
    // Where it goes (tracking shows it; the address itself only to the owner); empty for older orders.
    country: order.address.country,
    payment: { method: order.payment.method, status: order.payment.status },
    ...(order.discount
      ? { discount: { code: order.discount.code, amount: fromCents(order.discount.cents) } }
      : {}),
    ...(order.gift ? { gift: { note: order.gift.note } } : {}),
    items: order.lines.map((line) => ({
      productId: line.productId,
      pack: line.pack,
      name: line.name,
      quantity: line.quantity,
      price: fromCents(line.priceCents),
      ...(line.lot ? { lot: line.lot } : {}),
    })),
  };
}

/** Where an order stands: what tracking shows to whoever has its id and phone. */
function orderStatus(order: StoredOrder): TrackedOrder {
  return {
    ...orderBasics(order),
    events: order.events,
    ...(order.shipment.carrier || order.shipment.trackingCode ? { shipment: order.shipment } : {}),
  };
}

/** An order as the shop's browser keeps it (id, date, total, status, items, address, userId). */
function orderCopy(order: StoredOrder): OwnOrderCopy {
  return { ...orderBasics(order), address: addressCopy(order.address), userId: order.userId };
}

/** An order as its owner is answered: the browser's copy, and where it stands. */
export function orderAnswer(order: StoredOrder): OwnOrder {
  return { ...orderStatus(order), address: addressCopy(order.address), userId: order.userId };
}

/** A card order's answer carries where the shopper pays, or why that page could not be had. */
const withPayment = (asked: AskedPayment | undefined) =>
  !asked ? {} : asked.ok ? { paymentUrl: asked.pageUrl } : { paymentError: asked.message };

/** A priced line with its pack's availability today (`available`: how many are left, when counted). */
type StockedLine = PricedLine & { available?: number };

/** The lines as the server would price them today, for the shopper to review (409). */
const repriced = (lines: StockedLine[], totalCents: number) => ({
  items: lines.map((line) => ({
    id: line.id,
    productId: line.productId,
    pack: line.pack,
    name: line.name,
    quantity: line.quantity,
    price: fromCents(line.priceCents),
    listPrice: fromCents(line.listPriceCents),
    inStock: line.inStock,
    ...(line.available === undefined ? {} : { available: line.available }),
  })),
  total: fromCents(totalCents),
});

/** Each line with what is left of its pack in `counts` (its Markdown `inStock` when uncounted). */
const withStock = (lines: PricedLine[], counts: StockCounts): StockedLine[] =>
  lines.map((line) => {
    const { inStock, left } = availability(counts, line.productId, line.pack, line.inStock);
    return { ...line, inStock, ...(left === undefined ? {} : { available: left }) };
  });

/**
 * What to tell the shopper of each line asking for more than is left: "Only 2 left of Saffron
 * (1 g)." or "Saffron (1 g) has sold out since you added it."; undefined when every line can be had.
 */
function tooFew(lines: StockedLine[]): string | undefined {
  const short = lines.filter((line) => !line.inStock || (line.available ?? Infinity) < line.quantity);
  if (short.length === 0) return undefined;
  const each = short.map((line) =>
    line.inStock
      ? `Only ${line.available} left of ${line.name}.`
      : `${line.name} has sold out since you added it.`,
  );
  return `${each.join(' ')} Please check your order and place it again.`;
}

const stockConflict = (lines: StockedLine[], totalCents: number, message: string) =>
  json(409, { success: false, message, order: repriced(lines, totalCents) });

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/** Digest of the validated request and its account: the same order sent again has the same one. */
const requestHash = (input: OrderRequest, accountId: string) =>
  createHash('sha256')
    .update(JSON.stringify([accountId, input]))
    .digest('hex');

/** A discount code that cannot be used on this order: the shopper takes it off or tries another. */
const refusedCode = (message: string) => json(422, { success: false, message, field: 'discountCode' });

const KEY_REUSED = () =>
  reply(422, false, 'This Idempotency-Key was already used for a different order: send a new key.');

/**
 * `POST /api/v1/orders`: prices the lines from `catalogue`, refuses what cannot be sold as the
 * shopper saw it (409), and stores the order once per `Idempotency-Key`.
 */
export function placeOrderEndpoint(
  catalogue: () => Promise<Catalogue>,
  { perMinute = rateLimitFromEnv() } = {},
): APIRoute {
  return accountEndpoint({
    name: 'orders',
    schema: orderRequest,
    perMinute,
    describe,
    unavailable: 'We could not take your order right now. Nothing was charged; please try again shortly.',
    async save(input, context, signedIn) {
      const { locals, request } = context;
      const { store, payments } = locals;
      const key = request.headers.get('idempotency-key')?.trim() ?? '';
      if (!KEY.test(key)) return reply(400, false, BAD_KEY);
      // Posted without a method (every client before card payments): pay on delivery.
      const asked = input.paymentMethod ?? 'delivery';
      if (asked === 'card' && !payments.card) {
        return reply(400, false, 'Card payment is not available in this shop: choose pay on delivery.');
      }
      // The delivery contact is kept as the account's phone is, in E.164.
      const contact = input.address.phone ? normalisePhone(input.address.phone) : undefined;
      if (contact && !contact.ok) return reply(400, false, `Address phone: ${contact.message}`);
      const address = { ...input.address, phone: contact?.phone ?? '' };
      const hash = requestHash(input, signedIn.account.id);
      const unpaidMs = payments.settings.unpaidMs;
      // A retry of a stored order gets that order back, whatever today's prices.
      const stored = await store.orderByKey(key);
      if (stored) {
        if (stored.requestHash !== hash) return KEY_REUSED();
        rememberJustPlaced(context, stored.order.id);
        const storedCard = stored.order.payment.method === 'card' ? payments.card : undefined;
        const again =
          storedCard && stored.order.status === 'awaiting_payment'
            ? await askForPayment(store, storedCard, stored.order, { reuse: true, unpaidMs })
            : undefined;
        return json(200, { success: true, order: { ...orderAnswer(stored.order), ...withPayment(again) } });
      }
      const pricing = priceLines(await catalogue(), input.items);
      if (!pricing.ok) return reply(400, false, pricing.message);
      const { account } = signedIn;
      let discount: OrderDiscount | undefined;
      if (input.discountCode !== '') {
        const checked = await checkDiscount(store, input.discountCode, {
          accountId: account.id,
          subtotalCents: pricing.totalCents,
        });
        if (!checked.ok) return refusedCode(checked.message);
        discount = { code: checked.terms.code, cents: checked.cents };
      }
      const totalCents = pricing.totalCents - (discount?.cents ?? 0);
      // An order the code pays for in full has nothing to pay, by card or on delivery.
      const method = totalCents === 0 ? 'delivery' : asked;
      const card = method === 'card' ? payments.card : undefined;
      if (method === 'delivery' && totalCents > 0 && !payments.settings.onDelivery) {
        return reply(400, false, 'This shop does not take payment on delivery: pay by card.');
      }
      const counted = await store.stockLevels(pricing.lines.map((line) => line.productId));
      const lines = withStock(pricing.lines, stockCountsOf(counted));
      const refused = tooFew(lines);
      if (refused) return stockConflict(lines, totalCents, refused);
      if (toCents(input.total) !== totalCents) {
        return json(409, {
          success: false,
          message:
            'Prices have changed since you added these items. Please check your order and place it again.',
          order: repriced(lines, totalCents),
        });
      }
      // A card order's news leaves when its payment is confirmed (src/server/payments/notices.ts).
      const news = card ? undefined : orderNews(account, 'placed', { merchant: true });
      const placed = await store.placeOrder({
        userId: account.id,
        phone: account.phone,
        address,
        lines,
        totalCents,
        idempotencyKey: key,
        requestHash: hash,
        paymentMethod: method,
        ...(news ? { news } : {}),
        ...(discount ? { discount } : {}),
        ...(input.gift ? { gift: { note: input.gift.note } } : {}),
      });
      if (placed.outcome === 'short') {
        // Another order took the last ones between the read above and this order's transaction.
        const today = withStock(
          lines,
          stockCountsOf(placed.shortages.map(({ available: count, ...pack }) => ({ ...pack, count }))),
        );
        return stockConflict(today, totalCents, tooFew(today) ?? 'Too few left: please check your order.');
      }
      if (placed.outcome === 'key-reused') return KEY_REUSED();
      if (placed.outcome === 'discount-spent') {
        // The code's last use went to an order placed at the same moment.
        const code = discount?.code ?? '';
        return refusedCode(placed.reason === 'used-up' ? usedUp(code) : usedByAccount(code));
      }
      rememberJustPlaced(context, placed.order.id);
      const payment = card
        ? await askForPayment(store, card, placed.order, { reuse: true, unpaidMs })
        : undefined;
      const answer = { ...orderAnswer(placed.order), ...withPayment(payment) };
      if (placed.outcome === 'repeated') return json(200, { success: true, order: answer });
      // Only the answer that created the order carries its link: the shop keeps the token's hash.
      const trackingUrl = news && trackingLink(placed.order.id, news.token);
      return json(201, { success: true, order: { ...answer, ...(trackingUrl ? { trackingUrl } : {}) } });
    },
  });
}

/** Orders a page of `GET /api/v1/orders` holds, and My Orders draws at first. */
const ORDERS_PAGE = 20;

/** A page of an account's orders, newest first, and whether an older page follows. */
async function accountOrdersPage(store: App.Locals['store'], accountId: string, page: number) {
  // One more than a page tells whether another page follows.
  const found = await store.accountOrders(accountId, {
    limit: ORDERS_PAGE + 1,
    offset: (page - 1) * ORDERS_PAGE,
  });
  return { hasMore: found.length > ORDERS_PAGE, orders: found.slice(0, ORDERS_PAGE) };
}

/**
 * The first page of the signed-in shopper's orders, for My Orders to be drawn with on the server:
 * as `GET /api/v1/orders` answers them, without the events and shipment that page does not show.
 * Undefined without a session, or when the orders cannot be read now (the page then loads them).
 */
export async function firstOrdersOf(locals: App.Locals): Promise<FirstOrders | undefined> {
  try {
    const signedIn = await locals.session();
    if (!signedIn) return undefined;
    const { hasMore, orders } = await accountOrdersPage(locals.store, signedIn.account.id, 1);
    return { more: hasMore, orders: orders.map(orderCopy) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[page] /my-orders is drawn without its orders: ${reason}`);
    return undefined;
  }
}

/** `GET /api/v1/orders?page=N`: the signed-in account's orders, newest first, 20 a page. */
export const listOrdersEndpoint: APIRoute = (context) =>
  answerSafely(context.url, 'Your orders are unavailable right now. Please try again shortly.', async () => {
    const signedIn = await context.locals.session();
    if (!signedIn) return signInFirst();
    const asked = context.url.searchParams.get('page') ?? '1';
    const page = Number(asked);
    if (!/^\d{1,6}$/.test(asked) || page < 1) {
      return reply(400, false, 'Page must be a whole number from 1.');
    }
    const { hasMore, orders } = await accountOrdersPage(context.locals.store, signedIn.account.id, page);
    return json(200, { success: true, page, hasMore, orders: orders.map(orderAnswer) });
  });

/** The header a guest sends the order's phone in: never in the address, where logs keep it. */
const ORDER_PHONE_HEADER = 'X-Order-Phone';
/** The header a tracking link's page sends its token in (the link carries it as `?t=`). */
const ORDER_TOKEN_HEADER = 'X-Order-Token';

/**
 * `GET /api/v1/orders/{id}`: where an order stands (status, payment and events; its address only
 * to its owner). Its owner, signed in, needs only the id; anyone else sends the phone that placed it in the
 * `X-Order-Phone` header. An unknown id and a wrong phone get the same 404. Lookups are limited
 * per client and, for guests, per client and order id: a stranger's guesses hold back only the
 * stranger, never the order's owner. A tracking link shows its order until `trackingLinkDays`
 * after delivery.
 */
export function lookupOrderEndpoint({
  perMinute = LOOKUPS_PER_ORDER * rateLimitFromEnv(),
  trackingLinkDays = trackingLinkDaysFromEnv(),
} = {}): APIRoute {
  const perClient = createRateLimiter({ name: 'order-lookups', limit: perMinute, windowMs: 60_000 });
  const perOrder = createRateLimiter({
    name: 'order-guesses',
    limit: 2 * rateLimitFromEnv(),
    windowMs: 60_000,
  });
  const notFound = () =>
    reply(404, false, 'Order not found: the order ID and phone number do not match an order.');
  const tooMany = (seconds: number) =>
    reply(429, false, 'Too many lookups: please wait a minute and try again.', {
      'Retry-After': String(seconds),
    });

  return async (context) => {
    const { params, url, request, locals } = context;
    const shared = { shared: locals.store.sharedLimits };
    const verdict = await perClient.hit(clientOf(context), shared);
    if (!verdict.allowed) return tooMany(verdict.retryAfterSeconds);
    if (url.searchParams.has('phone')) {
      return reply(400, false, `Send the phone in the ${ORDER_PHONE_HEADER} header, never in the address.`);
    }
    // As a shopper may type it: any letter case, the `ORD-` left off.
    const id = normaliseOrderId(params['id'] ?? '');
    return answerSafely(url, 'Tracking is unavailable right now. Please try again shortly.', async () => {
      const token = request.headers.get(ORDER_TOKEN_HEADER)?.trim() ?? '';
      if (token) {
        // A tracking link: its token alone shows its order; a wrong or old one looks like no order.
        const linked = /^[\w-]{22,64}$/.test(token)
          ? await locals.store.orderByTrackingHash(trackingTokenHash(token))
          : undefined;
        const delivered = linked?.events.find((event) => event.status === 'delivered');
        const over = delivered && Date.parse(delivered.at) + trackingLinkDays * 86_400_000 <= Date.now();
        return linked?.id === id && !over
          ? json(200, { success: true, order: orderStatus(linked) })
          : notFound();
      }
      const signedIn = await locals.session();
      const order = id.length <= 64 ? await locals.store.findOrder(id) : undefined;
      if (order && signedIn && order.userId === signedIn.account.id) {
        return json(200, { success: true, order: orderAnswer(order) });
      }
      const typed = request.headers.get(ORDER_PHONE_HEADER) ?? '';
      if (typed.trim() === '') {
        return signedIn
          ? notFound()
          : reply(
              400,
              false,
              `Phone is required: the phone number that placed the order, in the ${ORDER_PHONE_HEADER} header.`,
            );
      }
      const guess = await perOrder.hit(`${clientOf(context)} ${id}`, shared);
      if (!guess.allowed) return tooMany(guess.retryAfterSeconds);
      const phone = normalisePhone(typed);
      const placedBy = order ? normalisePhone(order.phone) : undefined;
      if (!order || !phone.ok || !placedBy?.ok || placedBy.phone !== phone.phone) return notFound();
      return json(200, { success: true, order: orderStatus(order) });
    });
  };
}

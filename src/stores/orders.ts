import type { ReadableAtom } from 'nanostores';
import { formatLongDate } from '#src/lib/dates.ts';
import type { OrderStatus } from '#src/lib/shapes/orders.ts';
import type { PostedOrder } from '#src/lib/shapes/order.schema.ts';
import { discountCents, minimumShortfall, type DiscountTerms } from '#src/lib/discounts.ts';
import { fromCents, toCents } from '#src/lib/money.ts';
import { ON_DELIVERY, readPayment, type OrderPayment, type PaymentMethod } from '#src/lib/payment.ts';
import { parseAddress, readAddress, type Address } from './addresses.ts';
import { saveProfile } from './auth.ts';
import { $user, sessionEnded } from './authState.ts';
import {
  $cart,
  applyTodaysPrices,
  cartTotal,
  clearCart,
  clearCartInMemory,
  type CartChange,
  type TodaysPrice,
} from './cart.ts';
import { derived, persistentAtom } from './persistent.ts';
import { amount, count, isRecord, listOf, price, text } from './shapes.ts';
import { API, askShop, messageOf } from './shop.ts';

/** How a status shows: its label in tracking, and the tone of its badge on My Orders. */
interface StatusLook {
  label: string;
  tone: 'default' | 'secondary' | 'outline';
}

const STATUS_LOOKS: Record<OrderStatus, StatusLook> = {
  awaiting_payment: { label: 'Awaiting payment', tone: 'outline' },
  cancelled: { label: 'Cancelled', tone: 'outline' },
  processing: { label: 'Order Processing', tone: 'outline' },
  shipped: { label: 'Shipped', tone: 'secondary' },
  delivered: { label: 'Delivered', tone: 'default' },
};

/** Any other text stored as a status. */
const OTHER_STATUS: StatusLook = { label: 'Processing', tone: 'outline' };

function lookOf(status: string): StatusLook {
  return Object.hasOwn(STATUS_LOOKS, status) ? STATUS_LOOKS[status as OrderStatus] : OTHER_STATUS;
}

/** 'Order Processing', 'Shipped', 'Delivered', and 'Processing' for anything else. */
export function statusLabel(status: string): string {
  return lookOf(status).label;
}

/** The badge style of a status: delivered default, shipped secondary, others outline. */
export function statusTone(status: string): StatusLook['tone'] {
  return lookOf(status).tone;
}

export interface OrderItem {
  /** The product and pack it was, for buying it again and reviewing it (none on orders kept before). */
  productId?: string;
  pack?: string;
  name: string;
  quantity: number;
  price: number;
  /** The lot it was sold from, e.g. "Autumn 2025 harvest, Idukki, Kerala · packed 12 Mar 2026". */
  lot?: string;
}

export interface Order {
  id: string;
  date: string;
  total: number;
  /** An `OrderStatus`; other text read from storage is kept as it is. */
  status: string;
  items: OrderItem[];
  address: Address;
  /** The account that placed it; empty for orders stored before orders recorded their user. */
  userId: string;
  /** How it is paid; pay on delivery for orders kept before card payments. */
  payment: OrderPayment;
  /** The code it was placed with, and what it took off (`total` is after it). */
  discount?: { code: string; amount: number };
  /** A gift, with the note sent with it (maybe empty). */
  gift?: { note: string };
}

function parseOrderItem(value: unknown): OrderItem | undefined {
  if (!isRecord(value)) return undefined;
  const quantity = count(value.quantity);
  const unitPrice = price(value.price);
  if (typeof value.name !== 'string' || quantity === undefined || unitPrice === undefined) {
    return undefined;
  }
  const item: OrderItem = { name: value.name, quantity, price: unitPrice };
  if (typeof value.productId === 'string' && value.productId !== '') item.productId = value.productId;
  if (typeof value.pack === 'string') item.pack = value.pack;
  if (typeof value.lot === 'string' && value.lot !== '') item.lot = value.lot;
  return item;
}

function parseOrder(value: unknown): Order | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '') return undefined;
  const total = amount(value.total);
  if (total === undefined || typeof value.status !== 'string') return undefined;
  const items = Array.isArray(value.items) ? value.items.map(parseOrderItem) : [];
  const order: Order = {
    id: value.id,
    date: text(value.date),
    total,
    status: value.status,
    items: items.filter((item) => item !== undefined),
    address: readAddress(isRecord(value.address) ? value.address : {}),
    userId: text(value.userId),
    payment: 'payment' in value ? readPayment(value.payment) : ON_DELIVERY,
  };
  const discount = isRecord(value.discount) ? value.discount : undefined;
  const off = amount(discount?.amount);
  if (typeof discount?.code === 'string' && off !== undefined)
    order.discount = { code: discount.code, amount: off };
  if (isRecord(value.gift)) order.gift = { note: text(value.gift.note) };
  return order;
}

const orders = persistentAtom<Order[]>('orders', [], (json) => listOf(json, parseOrder));

/** This browser's copy of the signed-in account's orders, newest first (the spec's `orders` key). */
export const $orders: ReadableAtom<Order[]> = orders;

/** The signed-in shopper's orders, newest first; empty for a visitor. */
export const $myOrders = derived([orders, $user], (list, current) =>
  current ? list.filter((order) => order.userId === current.id) : [],
);

/** The orders My Orders was drawn with (`FirstOrders`), before they are read. */
interface DrawnOrders {
  orders: readonly unknown[];
}

/** An order as the shop answers it, its date in the shopper's own time zone. */
function fromShop(value: unknown): Order | undefined {
  const order = parseOrder(value);
  if (!order || !isRecord(value)) return order;
  const placedAt = Date.parse(text(value.placedAt));
  return Number.isNaN(placedAt) ? order : { ...order, date: formatLongDate(new Date(placedAt)) };
}

/** Orders as the shop answers them, its days in the shopper's own time zone; unreadable ones left out. */
const ordersFromShop = (list: readonly unknown[]): Order[] => list.flatMap((entry) => fromShop(entry) ?? []);

/**
 * The orders the server drew, as it drew them (days in UTC), so that hydration matches its HTML.
 * Read like any answer (`FirstOrders`), entry by entry: one that does not read is left out.
 */
export const ordersAsDrawn = (drawn: DrawnOrders): Order[] =>
  drawn.orders.flatMap((entry) => parseOrder(entry) ?? []);

/** Keeps the orders the server drew as this browser's copy, as `loadMyOrders` keeps a first page. */
export function keepDrawnOrders(drawn: DrawnOrders): void {
  orders.save(ordersFromShop(drawn.orders));
}

export type PlaceOrderResult =
  /**
   * Placed; a card order also says where the shopper pays (`paymentUrl`), or why that page could
   * not be had (`paymentError`: the order waits on My Orders, with Pay now).
   */
  | { ok: true; order: Order; saved: boolean; paymentUrl?: string; paymentError?: string }
  | { ok: false; reason: 'signed-out' | 'empty-cart' | 'no-address' }
  /** The shop priced the cart differently today: the cart now holds its prices, see `changes`. */
  | { ok: false; reason: 'changed'; message: string; changes: CartChange[] }
  /** The discount code cannot be used on this order (used up meanwhile, say): nothing was placed. */
  | { ok: false; reason: 'code-refused'; message: string }
  /** Nothing was placed (the shop refused, or could not be reached): the cart is as it was. */
  | { ok: false; reason: 'failed'; message: string };

const UNREACHABLE =
  "We couldn't reach the shop, so we can't tell whether your order went through. Your cart is kept: try again, and it will be placed only once.";

const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
interface PendingOrder {
  /** The account and the request, as sent. */
  request: string;
  key: string;
  /** When the key was made, in milliseconds since 1970. */
  at: number;
}

/**
 * The order being placed and its idempotency key, kept in the browser for a day: the same order
 * sent again by the same account (a retry after a failure or a lost answer, from this tab or
 * another, after a reload or the next morning) carries the same key, so the shop never takes it
 * twice. A different order gets a new key, and so does the same one placed again after a day.
 */
const pendingOrder = persistentAtom<PendingOrder | null>('pendingOrder', null, (value) =>
  isRecord(value) &&
  typeof value.request === 'string' &&
  typeof value.key === 'string' &&
  typeof value.at === 'number'
    ? { request: value.request, key: value.key, at: value.at }
    : null,
);

/** The kept key when `request` is the pending one and younger than a day, else a new key kept. */
function idempotencyKey(request: string): string {
  const kept = pendingOrder.get();
  const age = Date.now() - (kept?.at ?? Number.NaN);
  if (kept?.request === request && age >= 0 && age < RETRY_WINDOW_MS) return kept.key;
  const pending = { request, key: crypto.randomUUID(), at: Date.now() };
  // Blocked or full storage keeps it in memory: retries from this page still reuse the key.
  pendingOrder.save(pending);
  return pending.key;
}

const forgetPendingOrder = () => pendingOrder.save(null);

/**
 * Today's price of each product and pack in a 409 answer; lines that are not well formed are left
 * out.
 */
function todaysPrices(body: Record<string, unknown>): TodaysPrice[] {
  const order = isRecord(body.order) ? body.order : {};
  const items = Array.isArray(order.items) ? order.items : [];
  return items.flatMap((item: unknown) => {
    if (!isRecord(item) || typeof item.inStock !== 'boolean') return [];
    const { productId, pack, inStock } = item;
    if (typeof productId !== 'string' || typeof pack !== 'string') return [];
    const today = price(item.price);
    const available = Number.isInteger(item.available) ? (item.available as number) : undefined;
    return today === undefined ? [] : [{ productId, pack, price: today, inStock, available }];
  });
}

/**
 * Places the cart as an order with the shop, delivered to `address`. The shop prices every line
 * itself: when its total differs from the cart's, or a line sold out, nothing is placed and the
 * cart takes today's prices (`changed`). A placed order goes first in `orders` and the cart is
 * emptied; if storage refuses the order, the cart is emptied on screen only.
 */
export async function placeOrder(
  address: Address,
  {
    receiptEmail = '',
    paymentMethod = 'delivery',
    discount,
    gift,
  }: {
    receiptEmail?: string;
    paymentMethod?: PaymentMethod;
    /** The code applied at checkout: the total sent is after it, as the shop will price it. */
    discount?: DiscountTerms | undefined;
    gift?: { note: string } | undefined;
  } = {},
): Promise<PlaceOrderResult> {
  const current = $user.get();
  if (!current) return { ok: false, reason: 'signed-out' };
  const lines = $cart.get();
  if (lines.length === 0) return { ok: false, reason: 'empty-cart' };
  const deliverTo = parseAddress(address);
  if (!deliverTo) return { ok: false, reason: 'no-address' };
  const subtotal = toCents(cartTotal(lines));
  const short = discount && minimumShortfall(discount, subtotal);
  if (short) return { ok: false, reason: 'code-refused', message: short };
  if (receiptEmail.trim() !== '') {
    // Saved to the profile first: the shop emails the receipt to the account's address.
    const saved = await saveProfile({ email: receiptEmail });
    if (!saved.ok && saved.reason === 'signed-out') return { ok: false, reason: 'signed-out' };
    if (!saved.ok) return { ok: false, reason: 'failed', message: saved.message };
  }

  const request = JSON.stringify({
    items: lines.map((line) => ({
      productId: line.productId,
      pack: line.pack,
      quantity: line.quantity,
    })),
    address: {
      name: deliverTo.name,
      street: deliverTo.street,
      city: deliverTo.city,
      state: deliverTo.state,
      zip: deliverTo.zip,
      country: deliverTo.country,
      phone: deliverTo.phone,
    },
    total: fromCents(subtotal - (discount ? discountCents(discount.off, subtotal) : 0)),
    paymentMethod,
    ...(discount ? { discountCode: discount.code } : {}),
    ...(gift ? { gift } : {}),
  } satisfies PostedOrder);
  const key = idempotencyKey(JSON.stringify([current.id, request]));

  const answer = await askShop(API.orders, {
    method: 'POST',
    json: request,
    headers: { 'Idempotency-Key': key },
  });
  if (!answer) return { ok: false, reason: 'failed', message: UNREACHABLE };
  const { status, body } = answer;
  if (status === 401) {
    // The session ended: the shopper signs in again and comes back, the cart as it was.
    sessionEnded();
    return { ok: false, reason: 'signed-out' };
  }
  if (status === 422 && body.field === 'discountCode') {
    forgetPendingOrder();
    return { ok: false, reason: 'code-refused', message: messageOf(answer, UNREACHABLE) };
  }
  if (status === 409) {
    forgetPendingOrder();
    const { changes } = applyTodaysPrices(todaysPrices(body));
    return { ok: false, reason: 'changed', message: messageOf(answer, UNREACHABLE), changes };
  }
  const placed = status < 300 && body.success === true ? fromShop(body.order) : undefined;
  if (!placed) return { ok: false, reason: 'failed', message: messageOf(answer, UNREACHABLE) };

  forgetPendingOrder();
  const order: Order = { ...placed, address: deliverTo, userId: current.id };
  const list = orders.get().filter((entry) => entry.id !== order.id);
  const savedOrder = orders.save([order, ...list]);
  if (!savedOrder) clearCartInMemory();
  const saved = savedOrder && clearCart().saved;
  // An account with no name takes the one typed for the delivery; the order stands either way.
  if (current.name.trim() === '') await saveProfile({ name: deliverTo.name });
  const answered = isRecord(body.order) ? body.order : {};
  const paymentUrl = typeof answered.paymentUrl === 'string' ? answered.paymentUrl : undefined;
  const paymentError = typeof answered.paymentError === 'string' ? answered.paymentError : undefined;
  return {
    ok: true,
    order,
    saved,
    ...(paymentUrl ? { paymentUrl } : {}),
    ...(paymentError ? { paymentError } : {}),
  };
}

/**
 * Asks the shop for the signed-in account's orders, newest first, `pages` pages of 20, and keeps
 * them as this browser's copy. `more` says whether older orders follow; `signed-out` when the
 * session has ended; offline, the copy stays as it was.
 */
export async function loadMyOrders(
  pages = 1,
): Promise<{ status: 'loaded'; more: boolean } | { status: 'signed-out' | 'unreachable' }> {
  const current = $user.get();
  if (!current) return { status: 'signed-out' };
  const loaded: Order[] = [];
  let more = false;
  for (let page = 1; page <= pages; page += 1) {
    const answer = await askShop(`${API.orders}?page=${page}`);
    if (answer?.status === 401) {
      sessionEnded();
      return { status: 'signed-out' };
    }
    if (answer?.status !== 200 || !Array.isArray(answer.body.orders)) return { status: 'unreachable' };
    loaded.push(...ordersFromShop(answer.body.orders));
    more = answer.body.hasMore === true;
    if (!more) break;
  }
  orders.save(loaded);
  return { status: 'loaded', more };
}

/**
 * Keeps an order as the shop answered it (its payment changed: paid, or to be paid on delivery)
 * in this browser's copy, in its place or first; the order as read, or undefined if unreadable.
 */
export function keepShopOrder(value: unknown): Order | undefined {
  const answered = fromShop(value);
  if (!answered) return undefined;
  const list = orders.get();
  const at = list.findIndex((entry) => entry.id === answered.id);
  const kept = list[at];
  // An answer without the address and account (tracking's) keeps the copy's.
  const order =
    kept && answered.userId === '' ? { ...answered, address: kept.address, userId: kept.userId } : answered;
  orders.save(at === -1 ? [order, ...list] : list.map((entry, index) => (index === at ? order : entry)));
  return order;
}

/** Any order in this browser by its id (spaces around it ignored). */
export function findOrder(orderId: string): Order | undefined {
  const wanted = orderId.trim();
  return orders.get().find((order) => order.id === wanted);
}

/** Keeps the statuses the shop reported in this browser's orders; false if storage refused. */
export function keepStatuses(statuses: ReadonlyMap<string, string>): boolean {
  const list = orders.get();
  if (!list.some((order) => statuses.has(order.id) && statuses.get(order.id) !== order.status)) return true;
  return orders.save(list.map((order) => ({ ...order, status: statuses.get(order.id) ?? order.status })));
}

import type { ReadableAtom } from 'nanostores';
import { packOf, productIdOf } from '../lib/catalogue';
import { parseAddress, readAddress, type Address } from './addresses';
import { $user } from './auth';
import {
  $cart,
  applyTodaysPrices,
  cartTotal,
  clearCart,
  clearCartInMemory,
  type CartChange,
  type TodaysPrice,
} from './cart';
import { derived, persistentAtom } from './persistent';
import { amount, count, isRecord, listOf, text } from './shapes';

export type OrderStatus = 'processing' | 'shipped' | 'delivered';

export interface OrderItem {
  name: string;
  quantity: number;
  price: number;
}

export interface Order {
  id: string;
  date: string;
  total: number;
  /** An `OrderStatus`; other text read from storage is kept as it is. */
  status: string;
  items: OrderItem[];
  address: Address;
  /** Who placed it (decisions); empty for orders stored by the spec's shop. */
  userId: string;
}

export interface TrackingUpdate {
  date: string;
  status: string;
  location: string;
}

export interface TrackingResult {
  orderId: string;
  status: string;
  statusLabel: string;
  estimatedDelivery: string;
  updates: TrackingUpdate[];
  found: boolean;
}

/** The shop's API for orders: placing one, and looking one up by id and phone. */
export const ORDERS_API = '/api/v1/orders';
const DELIVERY_DAYS = 3;

function parseOrderItem(value: unknown): OrderItem | undefined {
  if (!isRecord(value)) return undefined;
  const quantity = count(value.quantity);
  const price = amount(value.price);
  if (typeof value.name !== 'string' || quantity === undefined || price === undefined) {
    return undefined;
  }
  return { name: value.name, quantity, price };
}

function parseOrder(value: unknown): Order | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '') return undefined;
  const total = amount(value.total);
  if (total === undefined || typeof value.status !== 'string') return undefined;
  const items = Array.isArray(value.items) ? value.items.map(parseOrderItem) : [];
  return {
    id: value.id,
    date: text(value.date),
    total,
    status: value.status,
    items: items.filter((item) => item !== undefined),
    address: readAddress(isRecord(value.address) ? value.address : {}),
    userId: text(value.userId),
  };
}

const orders = persistentAtom<Order[]>('orders', [], (json) => listOf(json, parseOrder));

/** Every order in this browser, newest first (the spec's one shared key). */
export const $orders: ReadableAtom<Order[]> = orders;

/** The signed-in shopper's orders, newest first; empty for a visitor. */
export const $myOrders = derived([orders, $user], (list, current) =>
  current ? list.filter((order) => order.userId === current.id) : [],
);

/** A date as the shop shows it, e.g. "May 14, 2026". */
export function localDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export type PlaceOrderResult =
  | { ok: true; order: Order; saved: boolean }
  | { ok: false; reason: 'signed-out' | 'empty-cart' | 'no-address' }
  /** The shop priced the cart differently today: the cart now holds its prices, see `changes`. */
  | { ok: false; reason: 'changed'; message: string; changes: CartChange[] }
  /** Nothing was placed (the shop refused, or could not be reached): the cart is as it was. */
  | { ok: false; reason: 'failed'; message: string };

const UNREACHABLE =
  "We couldn't reach the shop, so your order was not placed. Your cart is kept: check your connection and try again.";

/**
 * The order being placed and its idempotency key, kept for the tab's session: the same request
 * sent again (a retry after a failure, even after a reload) carries the same key, so the shop
 * never takes it twice. A different request gets a new key.
 */
const PENDING_KEY = 'pendingOrder';
let pending: { request: string; key: string } | undefined;

function readPending(): typeof pending {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null');
    return isRecord(value) && typeof value.request === 'string' && typeof value.key === 'string'
      ? { request: value.request, key: value.key }
      : undefined;
  } catch {
    return undefined;
  }
}

function idempotencyKey(request: string): string {
  pending ??= readPending();
  if (pending?.request !== request) {
    pending = { request, key: crypto.randomUUID() };
    try {
      sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    } catch {
      // Blocked or full: retries from this page still reuse the key kept in memory.
    }
  }
  return pending.key;
}

function forgetPendingOrder(): void {
  pending = undefined;
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** Today's price of each line in a 409 answer; lines that are not well formed are left out. */
function todaysPrices(body: Record<string, unknown>): TodaysPrice[] {
  const order = isRecord(body.order) ? body.order : {};
  const items = Array.isArray(order.items) ? order.items : [];
  return items.flatMap((item: unknown) => {
    if (!isRecord(item) || typeof item.id !== 'string' || typeof item.inStock !== 'boolean') return [];
    const price = amount(item.price);
    return price === undefined ? [] : [{ id: item.id, price, inStock: item.inStock }];
  });
}

/**
 * Places the cart as an order with the shop, delivered to `address`. The shop prices every line
 * itself: when its total differs from the cart's, or a line sold out, nothing is placed and the
 * cart takes today's prices (`changed`). A placed order goes first in `orders` and the cart is
 * emptied; if storage refuses the order, the cart is emptied on screen only.
 */
export async function placeOrder(address: Address): Promise<PlaceOrderResult> {
  const current = $user.get();
  if (!current) return { ok: false, reason: 'signed-out' };
  const lines = $cart.get();
  if (lines.length === 0) return { ok: false, reason: 'empty-cart' };
  const deliverTo = parseAddress(address);
  if (!deliverTo) return { ok: false, reason: 'no-address' };

  const request = JSON.stringify({
    items: lines.map((line) => ({
      productId: productIdOf(line.id),
      pack: packOf(line.id),
      quantity: line.quantity,
    })),
    address: {
      name: deliverTo.name,
      street: deliverTo.street,
      city: deliverTo.city,
      state: deliverTo.state,
      zip: deliverTo.zip,
      phone: deliverTo.phone,
    },
    phone: current.phone,
    total: cartTotal(lines),
    userId: current.id,
  });
  const key = idempotencyKey(request);

  let status: number;
  let body: Record<string, unknown>;
  try {
    const response = await fetch(ORDERS_API, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: request,
    });
    status = response.status;
    const json: unknown = await response.json().catch(() => ({}));
    body = isRecord(json) ? json : {};
  } catch {
    return { ok: false, reason: 'failed', message: UNREACHABLE };
  }
  const message = typeof body.message === 'string' && body.message !== '' ? body.message : UNREACHABLE;
  if (status === 409) {
    forgetPendingOrder();
    const { changes } = applyTodaysPrices(todaysPrices(body));
    return { ok: false, reason: 'changed', message, changes };
  }
  const placed = status < 300 && body.success === true ? parseOrder(body.order) : undefined;
  if (!placed) return { ok: false, reason: 'failed', message };

  forgetPendingOrder();
  const placedAt = isRecord(body.order) ? Date.parse(text(body.order.placedAt)) : Number.NaN;
  const order: Order = {
    ...placed,
    date: Number.isNaN(placedAt) ? placed.date : localDate(new Date(placedAt)),
    address: deliverTo,
    userId: current.id,
  };
  const list = orders.get().filter((entry) => entry.id !== order.id);
  const savedOrder = orders.save([order, ...list]);
  if (!savedOrder) clearCartInMemory();
  const saved = savedOrder && clearCart().saved;
  return { ok: true, order, saved };
}

/** Any order in this browser by its id (spaces around it ignored). */
export function findOrder(orderId: string): Order | undefined {
  const wanted = orderId.trim();
  return orders.get().find((order) => order.id === wanted);
}

const STATUS_LABELS = new Map([
  ['processing', 'Order Processing'],
  ['shipped', 'Shipped'],
  ['delivered', 'Delivered'],
]);

/** 'Order Processing', 'Shipped', 'Delivered', and 'Processing' for anything else. */
export function statusLabel(status: string): string {
  return STATUS_LABELS.get(status) ?? 'Processing';
}

/** The badge style of a status: delivered default, shipped secondary, others outline. */
export function statusTone(status: string): 'default' | 'secondary' | 'outline' {
  if (status === 'delivered') return 'default';
  return status === 'shipped' ? 'secondary' : 'outline';
}

function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localDate(date);
}

function notFound(orderId: string): TrackingResult {
  return {
    orderId: orderId.trim(),
    status: 'Not Found',
    statusLabel: 'Not Found',
    estimatedDelivery: 'N/A',
    updates: [{ date: '', status: 'Order not found', location: 'Please check your order ID' }],
    found: false,
  };
}

/** The tracking answer from this browser's orders: the spec's two-entry timeline, or Not Found. */
export function trackOrder(orderId: string): TrackingResult {
  const order = findOrder(orderId);
  if (!order) return notFound(orderId);
  const label = statusLabel(order.status);
  return {
    orderId: order.id,
    status: order.status,
    statusLabel: label,
    estimatedDelivery: inDays(DELIVERY_DAYS),
    updates: [
      { date: order.date, status: 'Order Placed', location: 'Order received' },
      { date: localDate(new Date()), status: label, location: 'Current status' },
    ],
    found: true,
  };
}

/** What each status event is called on the tracking timeline. */
const EVENT_STEPS = new Map([
  ['processing', { status: 'Order Placed', location: 'Order received' }],
  ['shipped', { status: 'Shipped', location: 'On its way to you' }],
  ['delivered', { status: 'Delivered', location: 'Delivered to your address' }],
]);

interface ShopOrderStatus {
  id: string;
  status: string;
  events: { status: string; at: string }[];
}

function parseShopStatus(value: unknown): ShopOrderStatus | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.status !== 'string') return undefined;
  const events = Array.isArray(value.events) ? value.events : [];
  return {
    id: value.id,
    status: value.status,
    events: events.flatMap((event: unknown) =>
      isRecord(event) && typeof event.status === 'string' && !Number.isNaN(Date.parse(text(event.at)))
        ? [{ status: event.status, at: text(event.at) }]
        : [],
    ),
  };
}

/** Asks the shop where an order stands; `null` when it knows no such order for this phone. */
async function fetchShopStatus(
  orderId: string,
  phone: string,
): Promise<ShopOrderStatus | null | 'unreachable'> {
  try {
    const response = await fetch(
      `${ORDERS_API}/${encodeURIComponent(orderId)}?phone=${encodeURIComponent(phone)}`,
      { headers: { Accept: 'application/json' } },
    );
    if (response.status === 404) return null;
    if (!response.ok) return 'unreachable';
    const body: unknown = await response.json();
    return (isRecord(body) && parseShopStatus(body.order)) || 'unreachable';
  } catch {
    return 'unreachable';
  }
}

/** The timeline of the shop's own events, oldest first, the last one current. */
function trackShopOrder(order: ShopOrderStatus): TrackingResult {
  const delivered = order.events.find((event) => event.status === 'delivered');
  return {
    orderId: order.id,
    status: order.status,
    statusLabel: statusLabel(order.status),
    estimatedDelivery: delivered ? localDate(new Date(delivered.at)) : inDays(DELIVERY_DAYS),
    updates: order.events.flatMap((event) => {
      const step = EVENT_STEPS.get(event.status);
      return step ? [{ ...step, date: localDate(new Date(event.at)) }] : [];
    }),
    found: true,
  };
}

/** Keeps the statuses the shop reported in this browser's orders; false if storage refused. */
function keepStatuses(statuses: ReadonlyMap<string, string>): boolean {
  const list = orders.get();
  if (!list.some((order) => statuses.has(order.id) && statuses.get(order.id) !== order.status)) return true;
  return orders.save(list.map((order) => ({ ...order, status: statuses.get(order.id) ?? order.status })));
}

/**
 * Tracks an order with the shop, by its id and the phone that placed it (`phone`, else the
 * signed-in shopper's): its real events when the shop has them. An order in this browser is shown
 * from here when the shop cannot tell (offline, or no phone to ask with); `'unreachable'` when
 * neither can.
 */
export async function lookUpOrder(orderId: string, phone = ''): Promise<TrackingResult | 'unreachable'> {
  const id = orderId.trim();
  const askWith = phone.trim() || $user.get()?.phone || '';
  const shop = askWith ? await fetchShopStatus(id, askWith) : null;
  if (shop && shop !== 'unreachable') {
    keepStatuses(new Map([[shop.id, shop.status]]));
    return trackShopOrder(shop);
  }
  if (findOrder(id)) return trackOrder(id);
  return shop === 'unreachable' ? 'unreachable' : notFound(id);
}

/** How many of the shopper's open orders My Orders asks the shop about at once. */
const REFRESH_LIMIT = 10;

/**
 * Asks the shop for the status of the signed-in shopper's orders not yet delivered (the newest
 * few) and keeps what changed. Offline, nothing changes.
 */
export async function refreshMyOrders(): Promise<void> {
  const current = $user.get();
  if (!current) return;
  const open = $myOrders
    .get()
    .filter((order) => order.status !== 'delivered')
    .slice(0, REFRESH_LIMIT);
  const answers = await Promise.all(open.map((order) => fetchShopStatus(order.id, current.phone)));
  const statuses = new Map<string, string>();
  for (const answer of answers) {
    if (answer && answer !== 'unreachable') statuses.set(answer.id, answer.status);
  }
  keepStatuses(statuses);
}

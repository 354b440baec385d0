import type { ReadableAtom } from 'nanostores';
import { parseAddress, readAddress, type Address } from './addresses';
import { $user } from './auth';
import { $cart, cartTotal, clearCart, clearCartInMemory } from './cart';
import { derived, persistentAtom, timestampId } from './persistent';
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

const ORDER_PREFIX = 'ORD-';
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
  | { ok: false; reason: 'signed-out' | 'empty-cart' | 'no-address' };

/**
 * Turns the cart into a 'processing' order for the signed-in user, delivered to `address`, puts it
 * first in `orders` and empties the cart. If storage refuses the order, the cart is emptied on
 * screen only, so that the stored cart is not lost with it.
 */
export function placeOrder(address: Address): PlaceOrderResult {
  const current = $user.get();
  if (!current) return { ok: false, reason: 'signed-out' };
  const lines = $cart.get();
  if (lines.length === 0) return { ok: false, reason: 'empty-cart' };
  const deliverTo = parseAddress(address);
  if (!deliverTo) return { ok: false, reason: 'no-address' };
  const list = orders.get();
  const order: Order = {
    id: timestampId(
      list.map((entry) => entry.id),
      ORDER_PREFIX,
    ),
    date: localDate(new Date()),
    total: cartTotal(lines),
    status: 'processing',
    items: lines.map(({ name, quantity, price }) => ({ name, quantity, price })),
    address: deliverTo,
    userId: current.id,
  };
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

/** The tracking answer: two-entry timeline and delivery in 3 days, or the Not Found answer. */
export function trackOrder(orderId: string): TrackingResult {
  const now = new Date();
  const order = findOrder(orderId);
  if (!order) {
    return {
      orderId: orderId.trim(),
      status: 'Not Found',
      statusLabel: 'Not Found',
      estimatedDelivery: 'N/A',
      updates: [{ date: localDate(now), status: 'Order not found', location: 'Please check your order ID' }],
      found: false,
    };
  }
  const delivery = new Date(now);
  delivery.setDate(delivery.getDate() + DELIVERY_DAYS);
  const label = statusLabel(order.status);
  return {
    orderId: order.id,
    status: order.status,
    statusLabel: label,
    estimatedDelivery: localDate(delivery),
    updates: [
      { date: order.date, status: 'Order Placed', location: 'Order received' },
      { date: localDate(now), status: label, location: 'Current status' },
    ],
    found: true,
  };
}

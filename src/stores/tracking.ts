import { $user } from './auth';
import { $myOrders, findOrder, keepStatuses, localDate, ORDERS_API } from './orders';
import { isRecord, text } from './shapes';

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

/** Days from today a processing order is expected to arrive. */
const DELIVERY_DAYS = 3;

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

/**
 * The tracking answer from this browser's orders: a two-entry timeline (Order Placed, then the
 * current status), or Not Found.
 */
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
    // Read in every case: an unread body keeps the request open in the browser.
    const body: unknown = await response.json().catch(() => undefined);
    if (response.status === 404) return null;
    if (!response.ok) return 'unreachable';
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

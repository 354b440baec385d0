import { $user, sessionEnded } from './authState.ts';
import { findOrder, keepStatuses, statusLabel } from './orders.ts';
import { deliveryWindow, formatLongDate } from '#src/lib/dates.ts';
import { SITE } from '#src/lib/site.ts';
import { isRecord, text } from './shapes.ts';
import { paymentLabel, readPayment } from '#src/lib/payment.ts';
import { API, askShop } from './shop.ts';
import { carrierTrackingUrl } from '#src/lib/carriers.ts';
import { normaliseOrderId } from '#src/lib/orderId.ts';

export interface TrackingUpdate {
  date: string;
  status: string;
  location: string;
  /** The carrier's own tracking page for the number in `location`, for a carrier the shop knows. */
  tracking?: { code: string; url: string };
}

/** A step the order has not reached yet. */
export interface StepToCome {
  status: string;
  location: string;
}

export interface TrackingResult {
  orderId: string;
  status: string;
  statusLabel: string;
  estimatedDelivery: string;
  updates: TrackingUpdate[];
  /** The steps still to come after the current one, in order (none once delivered or cancelled). */
  toCome: StepToCome[];
  found: boolean;
  /** How it is paid, in the words every view uses ("Paid by card"); absent when not known. */
  payment?: string;
  /** The country it goes to; empty for orders placed before orders kept their country. */
  country?: string;
}

/** The heading of what `deliveryEstimate` says: no longer an estimate once the order is delivered. */
export const deliveryHeading = (result: Pick<TrackingResult, 'status'>) =>
  result.status === 'delivered' ? 'Delivery' : 'Estimated Delivery';

/**
 * What tracking says of delivery: "Delivered on <date>" once delivered, else the window counted
 * in business days from the order's date for its country, "Between <date> and <date>".
 */
export function deliveryEstimate(placedAt: Date, deliveredAt?: Date, country = ''): string {
  if (deliveredAt) return `Delivered on ${formatLongDate(deliveredAt)}`;
  // `isDomestic` of src/lib/countries.ts, without loading every country's name.
  const abroad = country !== '' && country !== SITE.address.country;
  const { from, to } = deliveryWindow(Number.isNaN(placedAt.getTime()) ? new Date() : placedAt, abroad);
  return `Between ${formatLongDate(from)} and ${formatLongDate(to)}`;
}

/** Not Found; `withPhone` when a guest's id and phone were looked up together. */
function notFound(orderId: string, withPhone = false): TrackingResult {
  return {
    orderId,
    status: 'Not Found',
    statusLabel: 'Not Found',
    estimatedDelivery: 'N/A',
    updates: [
      {
        date: '',
        status: 'Order not found',
        location: withPhone
          ? 'The order ID and phone number do not match an order. Please check both.'
          : 'Please check your order ID',
      },
    ],
    toCome: [],
    found: false,
  };
}

/**
 * The tracking answer from this browser's orders: a two-entry timeline (Order Placed, then the
 * current status), or Not Found.
 */
function trackOrder(orderId: string): TrackingResult {
  const order = findOrder(orderId);
  if (!order) return notFound(orderId);
  const label = statusLabel(order.status);
  return {
    orderId: order.id,
    status: order.status,
    statusLabel: label,
    estimatedDelivery: deliveryEstimate(new Date(order.date), undefined, order.address.country),
    country: order.address.country,
    updates: [
      { date: order.date, status: 'Order Placed', location: 'Order received' },
      { date: formatLongDate(new Date()), status: label, location: 'Current status' },
    ],
    toCome: stepsToCome(order.status),
    found: true,
  };
}

/** What each status event is called on the tracking timeline. */
const EVENT_STEPS = new Map([
  ['awaiting_payment', { status: 'Order Placed', location: 'Awaiting payment' }],
  ['paid', { status: 'Paid by card', location: 'Payment confirmed by the provider' }],
  ['payment_failed', { status: 'Payment failed', location: 'The card payment did not go through' }],
  ['pay_on_delivery', { status: 'Pay on delivery', location: 'Chosen instead of card' }],
  ['processing', { status: 'Order Placed', location: 'Order received' }],
  ['cancelled', { status: 'Cancelled', location: 'Order cancelled' }],
  ['refunded', { status: 'Refunded', location: 'Refunded to the card' }],
  ['shipped', { status: 'Shipped', location: 'On its way to you' }],
  ['delivered', { status: 'Delivered', location: 'Delivered to your address' }],
]);

/** The way every order goes once placed, each step with what it will be. */
const WAY_AHEAD: readonly (StepToCome & { reached: readonly string[] })[] = [
  { status: 'Processing', location: 'We pack your order', reached: ['processing', 'shipped', 'delivered'] },
  { status: 'Shipped', location: 'We hand it to the carrier', reached: ['shipped', 'delivered'] },
  { status: 'Delivered', location: 'It reaches your door', reached: ['delivered'] },
];

/** The steps an order in `status` has still to go through: none once it is delivered, cancelled or refunded. */
export function stepsToCome(status: string): StepToCome[] {
  if (status !== 'awaiting_payment' && status !== 'processing' && status !== 'shipped') return [];
  return WAY_AHEAD.filter((step) => !step.reached.includes(status)).map(({ status: name, location }) => ({
    status: name,
    location,
  }));
}

interface ShopOrderStatus {
  id: string;
  status: string;
  events: { status: string; at: string; detail: string }[];
  /** Who carries it, and its number with them, once the shop said. */
  shipment: { carrier: string; trackingCode: string };
  payment: string;
  country: string;
}

function parseShopStatus(value: unknown): ShopOrderStatus | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.status !== 'string') return undefined;
  const events = Array.isArray(value.events) ? value.events : [];
  const shipment = isRecord(value.shipment) ? value.shipment : {};
  return {
    id: value.id,
    status: value.status,
    shipment: { carrier: text(shipment.carrier), trackingCode: text(shipment.trackingCode) },
    payment: paymentLabel(readPayment(value.payment)),
    country: text(value.country),
    events: events.flatMap((event: unknown) =>
      isRecord(event) && typeof event.status === 'string' && !Number.isNaN(Date.parse(text(event.at)))
        ? [{ status: event.status, at: text(event.at), detail: text(event.detail) }]
        : [],
    ),
  };
}

/**
 * Asks the shop where an order stands: with a tracking link's token, as its signed-in owner, or
 * with the phone that placed it (in headers: a phone never travels in an address). `null` when
 * the shop knows no such order.
 */
async function fetchShopStatus(
  orderId: string,
  { phone = '', token = '' }: Proof,
): Promise<ShopOrderStatus | null | 'unreachable' | 'phone-needed'> {
  const headers: Record<string, string> = {};
  if (phone) headers['X-Order-Phone'] = phone;
  if (token) headers['X-Order-Token'] = token;
  const answer = await askShop(`${API.orders}/${encodeURIComponent(orderId)}`, { headers });
  if (answer?.status === 404) return null;
  // The shop asks a visitor for the phone: asked by id alone, it did not see a session.
  if (answer?.status === 400 && !phone && !token) return 'phone-needed';
  if (answer?.status !== 200) return 'unreachable';
  return parseShopStatus(answer.body.order) ?? 'unreachable';
}

/** What shows that the shopper may see an order, beside a signed-in owner's session. */
interface Proof {
  /** The phone that placed it. */
  phone?: string;
  /** A tracking link's token. */
  token?: string;
}

/** The timeline of the shop's own events, oldest first, the last one current. */
function trackShopOrder(order: ShopOrderStatus): TrackingResult {
  const delivered = order.events.find((event) => event.status === 'delivered');
  return {
    orderId: order.id,
    status: order.status,
    statusLabel: statusLabel(order.status),
    payment: order.payment,
    estimatedDelivery: deliveryEstimate(
      new Date(order.events[0]?.at ?? Number.NaN),
      delivered ? new Date(delivered.at) : undefined,
      order.country,
    ),
    country: order.country,
    updates: order.events.flatMap((event, index) => {
      const known = EVENT_STEPS.get(event.status);
      if (!known) return [];
      // A card order is placed when it awaits payment; its processing, once paid, is a step of its own.
      const step =
        event.status === 'processing' && index > 0
          ? { status: 'Processing', location: 'Being packed' }
          : known;
      if (event.detail)
        return [{ ...step, location: event.detail, date: formatLongDate(new Date(event.at)) }];
      const { carrier, trackingCode } = order.shipment;
      const carried = event.status === 'shipped' && (carrier || trackingCode);
      const location = carried
        ? `On its way${carrier ? ` with ${carrier}` : ''}${trackingCode ? `, tracking number ${trackingCode}` : ''}`
        : step.location;
      const url = carried ? carrierTrackingUrl(carrier, trackingCode) : undefined;
      return [
        {
          ...step,
          location,
          date: formatLongDate(new Date(event.at)),
          ...(url ? { tracking: { code: trackingCode, url } } : {}),
        },
      ];
    }),
    toCome: stepsToCome(order.status),
    found: true,
  };
}

/**
 * Tracks an order with the shop: by id alone for its signed-in owner, with a tracking link's
 * token, else by id and the phone that placed it. An order in this browser is shown from here
 * when the shop cannot be reached; `'unreachable'` when neither can tell. `'phone-needed'` when
 * this browser thought itself signed in but the shop saw no session: the copy goes (the shopper
 * is now a visitor, asked for the phone), never an old status shown as the order's.
 */
export async function lookUpOrder(
  orderId: string,
  proof: Proof = {},
): Promise<TrackingResult | 'unreachable' | 'phone-needed'> {
  const id = normaliseOrderId(orderId);
  const phone = proof.phone?.trim() ?? '';
  const withPhone = phone !== '' || ($user.get() === null && !proof.token);
  const shop = await fetchShopStatus(id, { phone, token: proof.token ?? '' });
  if (shop === 'phone-needed') {
    sessionEnded();
    return shop;
  }
  if (shop && shop !== 'unreachable') {
    keepStatuses(new Map([[shop.id, shop.status]]));
    return trackShopOrder(shop);
  }
  if (shop === 'unreachable' && findOrder(id)) return trackOrder(id);
  return shop === 'unreachable' ? 'unreachable' : notFound(id, withPhone);
}

// Orders as they cross between the browser and the shop: what checkout posts, and what the API
// answers (`GET /api/v1/orders`, `GET /api/v1/orders/{id}`, tracking). Zod: the server's only; the
// browser imports this module's types (`import type`) and the rules in orders.ts.
import { z } from 'astro/zod';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '#src/lib/payment.ts';
import { MAX_QUANTITY } from '#src/lib/quantity.ts';
import { answeredAddress, deliveryAddress } from './address.schema.ts';
import { optionalText, text } from './fields.ts';
import { GIFT_NOTE_MAX, ORDER_STATUSES } from './orders.ts';

/** The most lines one order may hold. */
const MAX_LINES = 50;

/** An order's lines as a client sends them: what to price (an order, or a discount code's check). */
export const orderItems = z
  .array(
    z.object(
      {
        productId: text('Product id', 100),
        pack: text('Pack size', 40),
        quantity: z
          .number({ error: 'Quantity must be a number.' })
          .refine(
            (value) => Number.isInteger(value) && value >= 1 && value <= MAX_QUANTITY,
            `Quantity must be a whole number from 1 to ${MAX_QUANTITY}.`,
          ),
      },
      { error: 'Each line must be an object with productId, pack and quantity.' },
    ),
    { error: 'Items must be a list of lines.' },
  )
  .min(1, 'The order has no lines: add at least one product.')
  .max(MAX_LINES, `An order holds at most ${MAX_LINES} lines.`);

/** `POST /api/v1/orders`: what the shopper chose, where it goes, and the total they saw. */
export const orderRequest = z.object(
  {
    items: orderItems,
    address: deliveryAddress,
    total: z
      .number({ error: 'Total must be the number the shopper saw.' })
      .nonnegative('Total must not be negative.'),
    paymentMethod: z
      .enum(PAYMENT_METHODS, { error: 'Payment method must be "card" or "delivery".' })
      .optional(),
    discountCode: optionalText('Discount code', 40),
    gift: z
      .object(
        { note: optionalText('Gift note', GIFT_NOTE_MAX, { multiline: true }) },
        { error: 'Gift must be an object with an optional note.' },
      )
      .optional(),
  },
  { error: 'Send a JSON object with items, address and total.' },
);

export type OrderRequest = z.infer<typeof orderRequest>;

/** What checkout posts. */
export type PostedOrder = z.input<typeof orderRequest>;

/** One line of an order as the API answers it: priced when it was placed, in dollars. */
const answeredOrderLine = z.object({
  productId: z.string(),
  /** The pack size's label, e.g. "100 g". */
  pack: z.string(),
  /** The product's title with its pack size, as the cart names it. */
  name: z.string(),
  quantity: z.number(),
  /** The unit price paid, offer applied. */
  price: z.number(),
  /** The lot it was sold from, as the catalogue named it then (none for products without lots). */
  lot: z.string().exactOptional(),
});

/**
 * What an order's timeline records: its statuses, and what happened to its payment ('paid',
 * 'payment_failed', 'refunded', 'pay_on_delivery' when the shopper chose it after all).
 */
const orderEventKind = z.enum([...ORDER_STATUSES, 'paid', 'payment_failed', 'refunded', 'pay_on_delivery']);

export type OrderEventKind = z.infer<typeof orderEventKind>;

/** A status the order reached, or what befell its payment, and when (ISO 8601, UTC). */
const orderEvent = z.object({
  status: orderEventKind,
  at: z.string(),
  /** What the event adds in words ("$4.50 of $26.00"); absent when nothing. */
  detail: z.string().exactOptional(),
});

export type OrderEvent = z.infer<typeof orderEvent>;

/** An order's id, day, total, status and lines: what every answer about it begins with. */
const answeredOrder = z.object({
  id: z.string(),
  /** The day it was placed, in words, in UTC: the browser writes it again in the shopper's zone. */
  date: z.string(),
  /** ISO 8601, UTC. */
  placedAt: z.string(),
  total: z.number(),
  status: z.enum(ORDER_STATUSES),
  /** Where it goes; empty for orders placed before orders kept it. */
  country: z.string(),
  payment: z.object({ method: z.enum(PAYMENT_METHODS), status: z.enum(PAYMENT_STATUSES) }),
  /** The code it was placed with, and what it took off (`total` is after it). */
  discount: z.object({ code: z.string(), amount: z.number() }).exactOptional(),
  gift: z.object({ note: z.string() }).exactOptional(),
  items: z.array(answeredOrderLine),
});

export type AnsweredOrder = z.infer<typeof answeredOrder>;

/** Where an order stands, as tracking shows it to whoever has its id and phone, or its link. */
export const trackedOrder = answeredOrder.extend({
  events: z.array(orderEvent),
  /** Who carries it once shipped, and its number with them (absent until the shop says). */
  shipment: z.object({ carrier: z.string(), trackingCode: z.string() }).exactOptional(),
});

export type TrackedOrder = z.infer<typeof trackedOrder>;

/** What its owner is answered besides: where it goes (its contact's phone also as people write it). */
const ownership = { address: answeredAddress.omit({ id: true, label: true }), userId: z.string() };

/** An order as its owner is answered: the browser's copy, and where it stands. */
export const ownOrder = trackedOrder.extend(ownership);

export type OwnOrder = z.infer<typeof ownOrder>;

/** The owner's order as the shop's browser keeps it (My Orders' first page): without its timeline. */
export type OwnOrderCopy = Omit<OwnOrder, 'events' | 'shipment'>;

/**
 * The first page of the account's orders as the server drew My Orders with them, in the shape of
 * `GET /api/v1/orders`'s answer: read by the orders store while the page hydrates, then kept.
 */
export interface FirstOrders {
  orders: OwnOrderCopy[];
  /** Whether older orders follow. */
  more: boolean;
}

import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import { z } from 'astro/zod';
import { fromCents, toCents } from '../../lib/money.ts';
import { jsonEndpoint } from '../api/endpoint.ts';
import { optionalText, text } from '../api/fields.ts';
import { clientOf } from '../api/client.ts';
import { createRateLimiter, rateLimitFromEnv } from '../api/rateLimit.ts';
import { reply } from '../api/respond.ts';
import { phoneDigits } from '../store/orders.ts';
import { isStoreUnavailable, type StoredOrder } from '../store/types.ts';
import { MAX_QUANTITY } from '../../lib/quantity';
import { priceLines, type Catalogue, type PricedLine } from './pricing.ts';

/** The most lines one order may hold. */
const MAX_LINES = 50;

/** Lookups a client may make for each order it may place: My Orders refreshes several at once. */
const LOOKUPS_PER_ORDER = 6;

const KEY = /^[\w-]{16,128}$/;
const BAD_KEY =
  'Send an Idempotency-Key header of 16 to 128 letters, digits, "-" or "_" (a UUID will do), the same on every retry.';

const phone = text('Phone', 40).refine((value) => /\d/.test(value), 'Phone must contain digits.');

const orderRequest = z.object(
  {
    items: z
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
      .max(MAX_LINES, `An order holds at most ${MAX_LINES} lines.`),
    address: z.object(
      {
        name: text('Full Name', 100),
        street: text('Street Address', 200),
        city: text('City', 100),
        state: optionalText('State', 100),
        zip: optionalText('ZIP Code', 20),
        phone: optionalText('Address phone', 40),
      },
      { error: 'Address must be an object with name, street and city.' },
    ),
    phone,
    total: z
      .number({ error: 'Total must be the number the shopper saw.' })
      .nonnegative('Total must not be negative.'),
    userId: optionalText('User id', 64),
  },
  { error: 'Send a JSON object with items, address, phone and total.' },
);

type OrderRequest = z.infer<typeof orderRequest>;

/** "Line 2: Quantity must be…" for an issue inside the items, the plain message elsewhere. */
function describe(issue: z.core.$ZodIssue): string {
  const [field, index] = issue.path;
  return field === 'items' && typeof index === 'number'
    ? `Line ${index + 1}: ${issue.message}`
    : issue.message;
}

/** A date as the shop shows it, e.g. "May 14, 2026" (UTC: the browser shows its own). */
const shopDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Where an order stands: what tracking shows to whoever has its id and phone. */
function orderStatus(order: StoredOrder) {
  return {
    id: order.id,
    date: shopDate(order.createdAt),
    placedAt: order.createdAt,
    total: fromCents(order.totalCents),
    status: order.status,
    items: order.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      price: fromCents(line.priceCents),
    })),
    events: order.events,
  };
}

/** An order as the shop's browser keeps it (id, date, total, status, items, address, userId). */
function orderAnswer(order: StoredOrder) {
  return { ...orderStatus(order), address: order.address, userId: order.userId };
}

/** The lines as the server would price them today, for the shopper to review (409). */
const repriced = (lines: PricedLine[], totalCents: number) => ({
  items: lines.map((line) => ({
    id: line.id,
    productId: line.productId,
    pack: line.pack,
    name: line.name,
    quantity: line.quantity,
    price: fromCents(line.priceCents),
    listPrice: fromCents(line.listPriceCents),
    inStock: line.inStock,
  })),
  total: fromCents(totalCents),
});

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/** Digest of the validated request: the same order sent again has the same one. */
const requestHash = (input: OrderRequest) => createHash('sha256').update(JSON.stringify(input)).digest('hex');

/**
 * `POST /api/v1/orders`: prices the lines from `catalogue`, refuses what cannot be sold as the
 * shopper saw it (409), and stores the order once per `Idempotency-Key`.
 */
export function placeOrderEndpoint(
  catalogue: () => Promise<Catalogue>,
  { perMinute = rateLimitFromEnv() } = {},
): APIRoute {
  return jsonEndpoint({
    name: 'orders',
    schema: orderRequest,
    perMinute,
    describe,
    unavailable: 'We could not take your order right now. Nothing was charged; please try again shortly.',
    async save(input, store, request) {
      const key = request.headers.get('idempotency-key')?.trim() ?? '';
      if (!KEY.test(key)) return reply(400, false, BAD_KEY);
      const pricing = priceLines(await catalogue(), input.items);
      if (!pricing.ok) return reply(400, false, pricing.message);
      const { lines, totalCents } = pricing;
      const soldOut = lines.filter((line) => !line.inStock).map((line) => line.name);
      if (soldOut.length > 0) {
        return json(409, {
          success: false,
          message: `Sold out since you added it: ${soldOut.join(', ')}. Remove it to place your order.`,
          order: repriced(lines, totalCents),
        });
      }
      if (toCents(input.total) !== totalCents) {
        return json(409, {
          success: false,
          message:
            'Prices have changed since you added these items. Please check your order and place it again.',
          order: repriced(lines, totalCents),
        });
      }
      const placed = await store.placeOrder({
        userId: input.userId,
        phone: input.phone,
        address: input.address,
        lines,
        totalCents,
        idempotencyKey: key,
        requestHash: requestHash(input),
      });
      if (placed.outcome === 'key-reused') {
        return reply(
          422,
          false,
          'This Idempotency-Key was already used for a different order: send a new key.',
        );
      }
      const created = placed.outcome === 'created';
      return json(created ? 201 : 200, { success: true, order: orderAnswer(placed.order) });
    },
  });
}

/**
 * `GET /api/v1/orders/{id}?phone=…`: the order's status and events (not its address) for whoever
 * has both its id and the phone that placed it. An unknown id and a wrong phone get the same 404.
 */
export function lookupOrderEndpoint({ perMinute = LOOKUPS_PER_ORDER * rateLimitFromEnv() } = {}): APIRoute {
  const limiter = createRateLimiter({ name: 'order-lookups', limit: perMinute, windowMs: 60_000 });
  const notFound = () => reply(404, false, 'Order not found. Please check your order ID and phone number.');

  return async ({ params, url, clientAddress, locals }) => {
    const verdict = await limiter.hit(clientOf({ clientAddress, locals }), {
      shared: locals.store.sharedLimits,
    });
    if (!verdict.allowed) {
      return reply(429, false, 'Too many lookups: please wait a minute and try again.', {
        'Retry-After': String(verdict.retryAfterSeconds),
      });
    }
    const digits = phoneDigits(url.searchParams.get('phone') ?? '');
    if (!digits) return reply(400, false, 'Phone is required: the phone number that placed the order.');
    const id = (params['id'] ?? '').trim();
    try {
      const order = id.length <= 64 ? await locals.store.findOrder(id) : undefined;
      if (!order || phoneDigits(order.phone) !== digits) return notFound();
      return json(200, { success: true, order: orderStatus(order) });
    } catch (error) {
      console.error(
        `[api] ${url.pathname} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (isStoreUnavailable(error)) {
        return reply(503, false, 'Tracking is unavailable right now. Please try again shortly.', {
          'Retry-After': '30',
        });
      }
      return reply(500, false, 'Something went wrong on our side. Please try again later.');
    }
  };
}

import type { APIRoute } from 'astro';
import { z } from 'astro/zod';
import { PAYMENT_METHODS } from '#src/lib/payment.ts';
import { accountEndpoint, answerSafely } from '#src/server/api/endpoint.ts';
import { readTextBody } from '#src/server/api/body.ts';
import { clientOf } from '#src/server/api/client.ts';
import { createRateLimiter, rateLimitFromEnv } from '#src/server/api/rateLimit.ts';
import { refuse, reply } from '#src/server/api/respond.ts';
import { orderAnswer } from '#src/server/orders/api.ts';
import { orderNews } from '#src/server/orders/news.ts';
import { rememberJustPlaced } from '#src/server/orders/justPlaced.ts';
import { askForPayment, paymentReturnPath } from './asking.ts';
import { handleNotice } from './notices.ts';
import type { TestPress } from './testProvider.ts';

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/** `GET /api/v1/payments/methods`: the ways to pay checkout offers, the card first when there is one. */
export const paymentMethodsEndpoint: APIRoute = ({ locals }) => {
  const { card, settings } = locals.payments;
  const methods = [...(card ? ['card'] : []), ...(settings.onDelivery ? ['delivery'] : [])];
  return json(200, { success: true, methods });
};

const changeRequest = z.object(
  { method: z.enum(PAYMENT_METHODS, { error: 'Method must be "card" or "delivery".' }) },
  { error: 'Send a JSON object with the method: "card" or "delivery".' },
);

/**
 * `POST /api/v1/orders/{id}/payment`: the owner of an order awaiting payment pays it now by card
 * (a new payment of the same amount; answers where to pay) or chooses pay on delivery instead
 * (the order is processed and its news sent).
 */
export const changePaymentEndpoint: APIRoute = accountEndpoint({
  name: 'order-payment',
  schema: changeRequest,
  unavailable: 'We could not change how this order is paid right now. Please try again shortly.',
  async save({ method }, context, signedIn) {
    const { params, locals } = context;
    const { store, payments } = locals;
    const id = (params['id'] ?? '').trim();
    const order = id.length <= 64 ? await store.findOrder(id) : undefined;
    if (!order || order.userId !== signedIn.account.id) return reply(404, false, 'Order not found.');
    if (order.status !== 'awaiting_payment') {
      const now = order.status === 'cancelled' ? 'was cancelled' : 'is no longer awaiting payment';
      return json(409, { success: false, message: `Order ${order.id} ${now}.`, order: orderAnswer(order) });
    }
    // Paid or to be paid on delivery, My Orders opens it next as its confirmation.
    rememberJustPlaced(context, order.id);
    if (method === 'card') {
      if (!payments.card) return reply(400, false, 'Card payment is not available in this shop.');
      const asked = await askForPayment(store, payments.card, order, {
        unpaidMs: payments.settings.unpaidMs,
      });
      return asked.ok
        ? json(200, { success: true, paymentUrl: asked.pageUrl, order: orderAnswer(order) })
        : reply(502, false, asked.message);
    }
    if (!payments.settings.onDelivery)
      return reply(400, false, 'This shop does not take payment on delivery.');
    const changed = await store.payOnDelivery(
      order.id,
      orderNews(signedIn.account, 'placed', { merchant: true }),
    );
    if (!changed.ok) {
      return reply(409, false, `Order ${order.id} is no longer awaiting payment: see it again on My Orders.`);
    }
    return json(200, { success: true, order: orderAnswer(changed.order) });
  },
});

/** The largest notice read: providers' events are a few kilobytes. */
const NOTICE_LIMIT_BYTES = 64 * 1024;

/**
 * `POST /api/v1/payments/notices/{provider}`: a provider's signed notice. It reads no cookie and
 * asks no Origin: only the signature on the raw body counts. Its rate limit is its own, wide
 * enough for a provider's bursts of retries.
 */
export function noticeEndpoint({ perMinute = 60 * rateLimitFromEnv() } = {}): APIRoute {
  const limiter = createRateLimiter({ name: 'payment-notices', limit: perMinute, windowMs: 60_000 });
  return async (context) => {
    const { locals, params, request, url } = context;
    const verdict = await limiter.hit(clientOf(context), { shared: locals.store.sharedLimits });
    if (!verdict.allowed) {
      return refuse(429, 'Too many notices: send it again later.', {
        'Retry-After': String(verdict.retryAfterSeconds),
      });
    }
    const provider = locals.payments.provider(params['provider'] ?? '');
    if (!provider) return refuse(404, 'This shop takes no notices from that provider.');
    const body = await readTextBody(request, NOTICE_LIMIT_BYTES);
    if (!body.ok) return body.response;
    return answerSafely(url, 'The shop cannot take notices right now: send it again later.', async () => {
      const answer = await handleNotice(locals.store, provider, body.text, request.headers);
      return reply(answer.status, answer.status === 200, answer.message);
    });
  };
}

const PRESSES = new Set<TestPress>(['pay', 'decline', 'cancel']);

/**
 * `POST /api/v1/payments/test/{payment}`: a press on the test provider's page (a form, so it works
 * without JavaScript). It sends the shop the press's signed notice through the same handling as
 * any provider's, then sends the shopper back as a provider would: to the shop's return page, or
 * its cancel page.
 */
export const testPressEndpoint: APIRoute = async ({ locals, params, request, url }) => {
  const test = locals.payments.test;
  if (!test) return refuse(404, 'The test provider is not on in this shop.');
  const form = await request.formData().catch(() => undefined);
  const press = form?.get('press');
  if (typeof press !== 'string' || !PRESSES.has(press as TestPress)) {
    return reply(400, false, 'Press Pay, Decline or Cancel.');
  }
  return answerSafely(url, 'The test provider cannot reach the shop right now.', async () => {
    const payment = await locals.store.findPayment(params['payment'] ?? '');
    if (!payment || payment.provider !== 'test') return reply(404, false, 'No such payment.');
    const notice = await test.notice(payment.id, press as TestPress);
    const answer = await handleNotice(locals.store, test, notice.body, notice.headers);
    if (answer.status !== 200) return reply(502, false, answer.message);
    const back = paymentReturnPath(payment.orderId, press === 'cancel');
    return new Response(null, { status: 303, headers: { Location: back, 'Cache-Control': 'no-store' } });
  });
};

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cancelOrder, COMMAND_LINE, refundOrder } from '#src/server/orders/fulfilment.ts';
import { askForPayment } from '#src/server/payments/asking.ts';
import { expireUnpaidOrders } from '#src/server/payments/expiry.ts';
import { handleNotice } from '#src/server/payments/notices.ts';
import { createPayments, paymentSettingsFromEnv, type Payments } from '#src/server/payments/settings.ts';
import { TEST_SIGNATURE_HEADER } from '#src/server/payments/testProvider.ts';
import { createStore, type Store } from '#src/server/store/index.ts';
import type { NewOrder, StoredOrder } from '#src/server/store/types.ts';
import { DATABASES, type TestDatabase } from '../support/databases.ts';
import { SAFFRON_TIN } from '../support/shopData.ts';

const HOUR = 60 * 60_000;
const WEBHOOK_SECRET = 'whsec_test_secret_for_the_shop';

let placed = 0;
const cardOrder = (quantity = 2, priceCents = 1400): NewOrder => {
  placed += 1;
  return {
    userId: `account-${placed}`,
    phone: '+14155550199',
    address: {
      name: 'Asha Rao',
      street: '1 Main St',
      city: 'Pune',
      state: '',
      zip: '',
      country: '',
      phone: '',
    },
    lines: [{ ...SAFFRON_TIN, name: 'Kashmiri Saffron (1 g)', quantity, priceCents }],
    totalCents: quantity * priceCents,
    idempotencyKey: `payment-order-${placed}-0123456789`,
    requestHash: String(placed),
    paymentMethod: 'card',
  };
};

async function place(store: Store, order = cardOrder()): Promise<StoredOrder> {
  const result = await store.placeOrder(order);
  if (result.outcome !== 'created') throw new Error(`not placed: ${result.outcome}`);
  return result.order;
}

/** The shop's messages about an order, by kind. */
async function messagesAbout(store: Store, orderId: string) {
  return (await store.recentOutbox(100)).filter((message) => message.body.includes(orderId));
}

describe.each(DATABASES)('card payments with the test provider on $name', ({ create }) => {
  let database: TestDatabase;
  let store: Store;
  let payments: Payments;
  beforeEach(async () => {
    database = await create();
    store = createStore(database.config);
    payments = createPayments(
      { card: 'test', onDelivery: true, unpaidMs: HOUR, expiryCheckMs: 60_000, testSecret: 'a-secret' },
      store,
    );
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  const test = () => {
    if (!payments.test) throw new Error('no test provider');
    return payments.test;
  };
  /** Asks for a payment of `order` and answers its id, as Place Order or Pay now does. */
  async function pay(order: StoredOrder): Promise<string> {
    const asked = await askForPayment(store, test(), order, { unpaidMs: HOUR });
    if (!asked.ok) throw new Error(asked.message);
    return asked.pageUrl.split('/').at(-1) ?? '';
  }
  const press = async (paymentId: string, what: 'pay' | 'decline' | 'cancel') => {
    const notice = await test().notice(paymentId, what);
    return { notice, answer: await handleNotice(store, test(), notice.body, notice.headers) };
  };

  it('a card order awaits payment, sends nothing, and is paid only by the signed notice, once', async () => {
    const order = await place(store);
    expect(order.status).toBe('awaiting_payment');
    expect(order.payment).toEqual({ method: 'card', status: 'pending', paidCents: 0, refundedCents: 0 });
    expect(await messagesAbout(store, order.id)).toEqual([]);

    const paymentId = await pay(order);
    expect(paymentId).toMatch(/^pay_[\w-]{22}$/);
    const { notice, answer } = await press(paymentId, 'pay');
    expect(answer.status).toBe(200);
    const paid = await store.findOrder(order.id);
    expect(paid?.status).toBe('processing');
    expect(paid?.payment).toEqual({ method: 'card', status: 'paid', paidCents: 2800, refundedCents: 0 });
    expect(paid?.events.map((event) => event.status)).toEqual(['awaiting_payment', 'paid', 'processing']);
    const told = await messagesAbout(store, order.id);
    expect(told.map((message) => message.kind)).toEqual(['order-placed']);
    expect(told[0]?.body).toMatch(/is paid by card and placed/);

    // The same notice again, as a provider retries: nothing changes and nobody is told twice.
    expect((await handleNotice(store, test(), notice.body, notice.headers)).message).toBe('Already handled.');
    expect(await messagesAbout(store, order.id)).toHaveLength(1);
    expect((await store.findOrder(order.id))?.events).toHaveLength(3);
  });

  it('the same notice delivered twenty times at once marks the order paid once', async () => {
    const order = await place(store);
    const notice = await test().notice(await pay(order), 'pay');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => handleNotice(store, test(), notice.body, notice.headers)),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.message === 'Handled.')).toHaveLength(1);
    expect((await store.findOrder(order.id))?.events.filter((event) => event.status === 'paid')).toHaveLength(
      1,
    );
    expect(await messagesAbout(store, order.id)).toHaveLength(1);
  });

  it('a wrong signature, a changed body or an old signature changes nothing (400)', async () => {
    const order = await place(store);
    const { body, headers } = await test().notice(await pay(order), 'pay');
    const forged = new Headers({ [TEST_SIGNATURE_HEADER]: 't=1,v1=00' });
    expect((await handleNotice(store, test(), body, forged)).status).toBe(400);
    expect((await handleNotice(store, test(), body.replace('2800', '1'), headers)).status).toBe(400);
    expect((await handleNotice(store, test(), body, new Headers())).status).toBe(400);
    expect((await store.findOrder(order.id))?.status).toBe('awaiting_payment');
  });

  it('a declined card leaves the order awaiting payment; Pay now pays it; a late decline changes nothing', async () => {
    const order = await place(store);
    const first = await pay(order);
    await press(first, 'decline');
    const failed = await store.findOrder(order.id);
    expect(failed?.status).toBe('awaiting_payment');
    expect(failed?.payment.status).toBe('failed');
    const second = await pay(order);
    expect(second).not.toBe(first);
    await press(second, 'pay');
    // Out of order: a decline of the first payment arriving after the second paid.
    await press(first, 'decline');
    const paid = await store.findOrder(order.id);
    expect(paid?.status).toBe('processing');
    expect(paid?.payment.status).toBe('paid');
  });

  it('Cancel on the provider page leaves the order awaiting payment; pay on delivery instead processes it', async () => {
    const order = await place(store);
    await press(await pay(order), 'cancel');
    expect((await store.findOrder(order.id))?.payment.status).toBe('pending');
    const news = { trackingHash: 'h'.repeat(64), messages: () => [] };
    const switched = await store.payOnDelivery(order.id, news);
    expect(switched.ok && switched.order.status).toBe('processing');
    expect(switched.ok && switched.order.payment.method).toBe('delivery');
    expect((await store.payOnDelivery(order.id, news)).ok).toBe(false);
  });

  it('a notice whose amount is not the order’s never marks it paid', async () => {
    const order = await place(store);
    const paymentId = await pay(order);
    const { body } = await test().notice(paymentId, 'pay');
    const cheaper = body.replace('"amount":2800', '"amount":100');
    const secretHeaders = new Headers({
      [TEST_SIGNATURE_HEADER]: (await import('#src/server/payments/testProvider.ts')).testSignature(
        'a-secret',
        cheaper,
      ),
    });
    expect((await handleNotice(store, test(), cheaper, secretHeaders)).status).toBe(200);
    expect((await store.findOrder(order.id))?.payment.status).toBe('pending');
  });

  it('refunds in part and in whole, never more than was paid; a second full refund is refused', async () => {
    const order = await place(store);
    await press(await pay(order), 'pay');
    const part = await refundOrder(store, payments, order.id, COMMAND_LINE, 450);
    expect(part.ok && part.order.payment).toMatchObject({ status: 'partially_refunded', refundedCents: 450 });
    const tooMuch = await refundOrder(store, payments, order.id, COMMAND_LINE, 2400);
    expect(tooMuch).toEqual({ ok: false, message: expect.stringContaining('At most $23.50') });
    const rest = await refundOrder(store, payments, order.id, COMMAND_LINE);
    expect(rest.ok && rest.order.payment).toMatchObject({ status: 'refunded', refundedCents: 2800 });
    const again = await refundOrder(store, payments, order.id, COMMAND_LINE);
    expect(again).toEqual({ ok: false, message: expect.stringContaining('already refunded in full') });
    const kinds = (await messagesAbout(store, order.id)).map((message) => message.kind);
    expect(kinds.filter((kind) => kind === 'order-refunded')).toHaveLength(2);
  });

  it('cancelling an unshipped paid order refunds it and returns its stock; a shipped one is refused', async () => {
    await store.changeStock({ ...SAFFRON_TIN, change: 'set', amount: 5 }, 'Back');
    const order = await place(store);
    expect(await store.stockLevels([SAFFRON_TIN.productId])).toEqual([{ ...SAFFRON_TIN, count: 3 }]);
    await press(await pay(order), 'pay');
    const cancelled = await cancelOrder(store, payments, order.id, COMMAND_LINE);
    expect(cancelled.ok && cancelled.order.status).toBe('cancelled');
    expect(cancelled.ok && cancelled.order.payment.status).toBe('refunded');
    expect(await store.stockLevels([SAFFRON_TIN.productId])).toEqual([{ ...SAFFRON_TIN, count: 5 }]);
    expect(await cancelOrder(store, payments, order.id, COMMAND_LINE)).toEqual({
      ok: false,
      message: expect.stringContaining('only an order that has not shipped'),
    });
  });

  it('an order unpaid after the hour is cancelled once, its stock back once, however many run the expiry', async () => {
    await store.changeStock({ ...SAFFRON_TIN, change: 'set', amount: 5 }, 'Back');
    const order = await place(store);
    const later = Date.parse(order.createdAt) + HOUR + 1000;
    expect(await expireUnpaidOrders(store, HOUR, Date.parse(order.createdAt) + 1000)).toEqual([]);
    const runs = await Promise.all([1, 2, 3].map(() => expireUnpaidOrders(store, HOUR, later)));
    expect(runs.flat()).toEqual([order.id]);
    const expired = await store.findOrder(order.id);
    expect(expired?.status).toBe('cancelled');
    expect(expired?.events.at(-1)?.detail).toMatch(/Not paid within 60 minutes/);
    expect(await store.stockLevels([SAFFRON_TIN.productId])).toEqual([{ ...SAFFRON_TIN, count: 5 }]);
  });

  it('a paid order is never expired, even when its payment and the expiry meet', async () => {
    const order = await place(store);
    const notice = await test().notice(await pay(order), 'pay');
    const later = Date.parse(order.createdAt) + HOUR + 1000;
    await Promise.all([
      handleNotice(store, test(), notice.body, notice.headers),
      expireUnpaidOrders(store, HOUR, later),
    ]);
    const now = await store.findOrder(order.id);
    // One of the two won: paid and processing, or cancelled with the payment left for a refund.
    expect(
      (now?.status === 'processing' && now.payment.status === 'paid') ||
        (now?.status === 'cancelled' && now.events.some((event) => event.status === 'cancelled')),
    ).toBe(true);
  });
});

describe('payment settings', () => {
  it('the test provider is on by default only in demo mode on localhost, and refused on a public shop', () => {
    expect(paymentSettingsFromEnv({}).card).toBe('test');
    expect(paymentSettingsFromEnv({ SITE_URL: 'https://shop.example', DEMO_MODE: 'on' }).card).toBe('none');
    expect(() =>
      paymentSettingsFromEnv({ SITE_URL: 'https://shop.example', DEMO_MODE: 'on', PAYMENT_PROVIDER: 'test' }),
    ).toThrow(/never on https:\/\/shop\.example/);
    expect(
      paymentSettingsFromEnv({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).card,
    ).toBe('stripe');
    expect(() => paymentSettingsFromEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => paymentSettingsFromEnv({ PAYMENT_PROVIDER: 'none', PAY_ON_DELIVERY: 'off' })).toThrow(
      /could not pay at all/,
    );
    expect(() => paymentSettingsFromEnv({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER must be/);
  });
});

/** A stand-in of Stripe's API on this machine: it records what the shop sends and answers as Stripe would. */
function stripeStandIn() {
  const requests: { method: string; path: string; form: URLSearchParams; idempotencyKey: string }[] = [];
  let sessions = 0;
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const path = req.url ?? '';
      requests.push({
        method: req.method ?? '',
        path,
        form,
        idempotencyKey: String(req.headers['idempotency-key'] ?? ''),
      });
      res.setHeader('Content-Type', 'application/json');
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        sessions += 1;
        res.end(
          JSON.stringify({
            id: `cs_test_${sessions}`,
            object: 'checkout.session',
            url: `https://checkout.stand-in.test/c/pay/cs_test_${sessions}`,
            status: 'open',
            payment_status: 'unpaid',
          }),
        );
      } else if (req.method === 'POST' && path === '/v1/refunds') {
        res.end(JSON.stringify({ id: 're_test_1', object: 'refund', amount: Number(form.get('amount')) }));
      } else {
        res.statusCode = 404;
        res.end(
          JSON.stringify({
            error: { message: 'No such route in the stand-in', type: 'invalid_request_error' },
          }),
        );
      }
    });
  });
  return { server, requests };
}

describe.each(DATABASES)('Stripe Checkout against a local stand-in on $name', ({ create }) => {
  const standIn = stripeStandIn();
  let database: TestDatabase;
  let store: Store;
  let payments: Payments;
  const signer = new Stripe('sk_test_signer');
  beforeAll(() => new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => standIn.server.close(() => resolve())));
  beforeEach(async () => {
    database = await create();
    store = createStore(database.config);
    const { port } = standIn.server.address() as AddressInfo;
    payments = createPayments(
      paymentSettingsFromEnv({
        STRIPE_SECRET_KEY: 'sk_test_shop',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${port}`,
        SITE_URL: 'https://spices.example',
      }),
      store,
    );
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  const stripe = () => {
    if (!payments.card) throw new Error('no card provider');
    return payments.card;
  };
  let events = 0;
  /** A Stripe event about `object`, signed as Stripe signs it. */
  function event(type: string, object: Record<string, unknown>, id = `evt_${(events += 1)}`) {
    const body = JSON.stringify({ id, object: 'event', type, data: { object } });
    const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
    return { body, headers: new Headers({ 'Stripe-Signature': signature }) };
  }
  const notify = ({ body, headers }: { body: string; headers: Headers }) =>
    handleNotice(store, stripe(), body, headers);

  async function checkout() {
    const order = await place(store);
    const asked = await askForPayment(store, stripe(), order, { unpaidMs: HOUR });
    if (!asked.ok) throw new Error(asked.message);
    const payment = await store.latestPayment(order.id);
    if (!payment) throw new Error('no payment');
    const session = (extra: Record<string, unknown> = {}) => ({
      id: payment.reference,
      object: 'checkout.session',
      amount_total: order.totalCents,
      currency: 'usd',
      payment_intent: `pi_for_${order.id}`,
      metadata: { paymentId: payment.id, orderId: order.id },
      payment_status: 'paid',
      status: 'complete',
      ...extra,
    });
    return { order, asked, payment, session };
  }

  it('asks Stripe for the order total in cents with its lines, the order id as idempotency key, and addresses back to the shop', async () => {
    const { order, asked, payment } = await checkout();
    expect(asked.pageUrl).toBe(`https://checkout.stand-in.test/c/pay/${payment.reference}`);
    const sent = standIn.requests.findLast((request) => request.path === '/v1/checkout/sessions');
    expect(sent?.idempotencyKey).toBe(order.id);
    expect(sent?.form.get('mode')).toBe('payment');
    expect(sent?.form.get('line_items[0][price_data][unit_amount]')).toBe('1400');
    expect(sent?.form.get('line_items[0][quantity]')).toBe('2');
    expect(sent?.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent?.form.get('metadata[paymentId]')).toBe(payment.id);
    expect(sent?.form.get('success_url')).toBe(`https://spices.example/payment?order=${order.id}`);
    expect(sent?.form.get('cancel_url')).toBe(`https://spices.example/payment?order=${order.id}&cancelled=1`);
  });

  it('a completed, paid session marks the order paid once; the same event twice changes nothing', async () => {
    const { order, session } = await checkout();
    const completed = event('checkout.session.completed', session());
    expect(await notify(completed)).toEqual({ status: 200, message: 'Handled.' });
    expect(await notify(completed)).toEqual({ status: 200, message: 'Already handled.' });
    const paid = await store.findOrder(order.id);
    expect(paid?.payment).toMatchObject({ status: 'paid', paidCents: 2800 });
    expect(await messagesAbout(store, order.id)).toHaveLength(1);
  });

  it('a session completed unpaid waits for the async events: failure fails it, success pays it', async () => {
    const first = await checkout();
    await notify(event('checkout.session.completed', first.session({ payment_status: 'unpaid' })));
    expect((await store.findOrder(first.order.id))?.payment.status).toBe('pending');
    await notify(event('checkout.session.async_payment_failed', first.session({ payment_status: 'unpaid' })));
    expect((await store.findOrder(first.order.id))?.payment.status).toBe('failed');

    const second = await checkout();
    await notify(event('checkout.session.completed', second.session({ payment_status: 'unpaid' })));
    await notify(event('checkout.session.async_payment_succeeded', second.session()));
    expect((await store.findOrder(second.order.id))?.payment.status).toBe('paid');
  });

  it('an expired session leaves the order for the shop to expire; events out of order change nothing', async () => {
    const { order, session } = await checkout();
    await notify(event('checkout.session.completed', session()));
    await notify(event('checkout.session.expired', session({ status: 'expired', payment_status: 'unpaid' })));
    await notify(event('checkout.session.async_payment_failed', session({ payment_status: 'unpaid' })));
    const now = await store.findOrder(order.id);
    expect(now?.status).toBe('processing');
    expect(now?.payment.status).toBe('paid');
  });

  it('a wrong signature is refused with 400 and changes nothing', async () => {
    const { order, session } = await checkout();
    const { body } = event('checkout.session.completed', session());
    const wrong = signer.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_not_the_shops' });
    expect((await notify({ body, headers: new Headers({ 'Stripe-Signature': wrong }) })).status).toBe(400);
    expect((await notify({ body, headers: new Headers() })).status).toBe(400);
    expect((await store.findOrder(order.id))?.status).toBe('awaiting_payment');
  });

  it('an amount or currency that is not the order’s never marks it paid', async () => {
    const { order, session } = await checkout();
    await notify(event('checkout.session.completed', session({ amount_total: 100 })));
    await notify(event('checkout.session.completed', session({ currency: 'eur' })));
    expect((await store.findOrder(order.id))?.payment.status).toBe('pending');
  });

  it('refunds through Stripe; its charge.refunded notice counts once, and a refund told before its payment waits', async () => {
    const { order, session } = await checkout();
    const early = event('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: `pi_for_${order.id}`,
      amount_refunded: 2800,
      metadata: {},
    });
    expect((await notify(early)).status).toBe(409);
    await notify(event('checkout.session.completed', session()));
    const refunded = await refundOrder(store, payments, order.id, COMMAND_LINE, 450);
    expect(refunded.ok).toBe(true);
    const sent = standIn.requests.findLast((request) => request.path === '/v1/refunds');
    expect(sent?.form.get('payment_intent')).toBe(`pi_for_${order.id}`);
    expect(sent?.form.get('amount')).toBe('450');
    // Stripe's own notice of that refund: already counted.
    await notify(
      event('charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        payment_intent: `pi_for_${order.id}`,
        amount_refunded: 450,
        metadata: {},
      }),
    );
    expect((await store.findOrder(order.id))?.payment).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 450,
    });
    // A refund made in Stripe's dashboard: the notice brings the order up to it.
    expect((await notify(early)).status).toBe(200);
    expect((await store.findOrder(order.id))?.payment).toMatchObject({
      status: 'refunded',
      refundedCents: 2800,
    });
  });
});

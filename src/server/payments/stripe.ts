import Stripe from 'stripe';
import type { PaymentNotice } from '#src/server/store/types.ts';
import type { PaymentProvider, ProviderState, ReadNotice } from './provider.ts';

/** What the shop needs to reach Stripe: its keys, the shop's public origin, and (tests) another API host. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The shop's public origin: Stripe's page sends the shopper back there. */
  site: string;
  /** `STRIPE_API_URL`: a stand-in of Stripe's API (tests), instead of Stripe's own. */
  apiUrl?: string | undefined;
}

/** A Checkout session's id and the charge it became, from the session or its id alone. */
const intentOf = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? '');

function sessionNotice(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  kind: PaymentNotice['kind'],
): PaymentNotice {
  return {
    provider: 'stripe',
    eventId: event.id,
    type: event.type,
    kind,
    paymentId: session.metadata?.['paymentId'],
    reference: session.id,
    intent: intentOf(session) || undefined,
    amountCents: session.amount_total ?? undefined,
    currency: session.currency ?? undefined,
  };
}

/** What a Stripe event tells the shop; undefined for events it does not act on. */
function noticeOf(event: Stripe.Event): PaymentNotice | undefined {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      // A bank debit completes unpaid and is settled later by an async event.
      if (session.payment_status === 'no_payment_required') return undefined;
      return sessionNotice(event, session, session.payment_status === 'paid' ? 'paid' : 'processing');
    }
    case 'checkout.session.async_payment_succeeded':
      return sessionNotice(event, event.data.object, 'paid');
    case 'checkout.session.async_payment_failed':
      return sessionNotice(event, event.data.object, 'failed');
    case 'checkout.session.expired':
      return sessionNotice(event, event.data.object, 'expired');
    case 'charge.refunded': {
      const charge = event.data.object;
      const intent =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!intent) return undefined;
      return {
        provider: 'stripe',
        eventId: event.id,
        type: event.type,
        kind: 'refunded',
        paymentId: charge.metadata['paymentId'],
        intent,
        refundedCents: charge.amount_refunded,
      };
    }
    default:
      return undefined;
  }
}

function stateOf(session: Stripe.Checkout.Session): ProviderState {
  if (session.payment_status === 'paid') return 'paid';
  if (session.status === 'expired') return 'expired';
  return session.status === 'complete' ? 'processing' : 'open';
}

/** Stripe Checkout: the shopper pays on Stripe's page; Stripe's signed webhooks say what happened. */
export function stripeProvider({ secretKey, webhookSecret, site, apiUrl }: StripeSettings): PaymentProvider {
  const api = apiUrl ? new URL(apiUrl) : undefined;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(api
      ? { host: api.hostname, port: api.port, protocol: api.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });
  const back = (path: string) => new URL(path, site).href;

  return {
    name: 'stripe',
    async createPayment(request) {
      const listed = request.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
      // Lines that do not add up to the total (a discount) are shown as the order, one line.
      const lines =
        listed === request.amountCents
          ? request.lines
          : [{ name: `Order ${request.orderId}`, quantity: 1, unitCents: request.amountCents }];
      const metadata = { paymentId: request.paymentId, orderId: request.orderId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.orderId,
          metadata,
          payment_intent_data: { metadata },
          line_items: lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: request.currency,
              unit_amount: line.unitCents,
              product_data: { name: line.name },
            },
          })),
          success_url: back(request.returnPath),
          cancel_url: back(request.cancelPath),
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe gave no page for the payment.');
      return { reference: session.id, pageUrl: session.url };
    },

    async readPayment(reference) {
      const session = await stripe.checkout.sessions.retrieve(reference);
      return {
        state: stateOf(session),
        amountCents: session.amount_total ?? 0,
        currency: session.currency ?? '',
      };
    },

    async refund(payment, cents, idempotencyKey) {
      const intent = payment.intent || intentOf(await stripe.checkout.sessions.retrieve(payment.reference));
      if (!intent) throw new Error('Stripe has no charge for this payment to refund.');
      await stripe.refunds.create({ payment_intent: intent, amount: cents }, { idempotencyKey });
    },

    async readNotice(rawBody, headers): Promise<ReadNotice> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, headers.get('stripe-signature') ?? '', webhookSecret);
      } catch {
        return { ok: false, reason: 'bad-signature' };
      }
      const notice = noticeOf(event);
      return notice ? { ok: true, notice } : { ok: false, reason: 'ignored' };
    },
  };
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentNotice, Store } from '#src/server/store/types.ts';
import type { PaymentProvider, ReadNotice } from './provider.ts';

/** The header a test provider's notice carries its signature in, shaped as Stripe's. */
export const TEST_SIGNATURE_HEADER = 'Test-Provider-Signature';
/** A notice signed longer ago than this is refused: a copy replayed later does nothing. */
const TOLERANCE_S = 300;

/** What the shopper pressed on the test provider's page. */
export type TestPress = 'pay' | 'decline' | 'cancel';

const KIND_OF_PRESS: Record<TestPress, PaymentNotice['kind']> = {
  pay: 'paid',
  decline: 'failed',
  cancel: 'cancelled',
};

/** The test provider's event, as its notices carry it. */
interface TestEvent {
  id: string;
  type: `payment.${TestPress}`;
  payment: string;
  amount: number;
  currency: string;
}

const sign = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** `t=…,v1=…`: an HMAC of the raw body with the shop's secret, as Stripe signs its own. */
export function testSignature(secret: string, body: string, now = Date.now()): string {
  const timestamp = Math.floor(now / 1000);
  return `t=${timestamp},v1=${sign(secret, timestamp, body)}`;
}

function verified(secret: string, body: string, header: string | null, now: number): boolean {
  const parts = new Map(
    (header ?? '').split(',').map((part) => {
      const [name = '', value = ''] = part.trim().split('=');
      return [name, value] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > TOLERANCE_S) return false;
  const expected = Buffer.from(sign(secret, timestamp, body), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The shop's own stand-in for a hosted payment page (`/pay/test/<payment>`), for demo mode and
 * the tests: its page has Pay, Decline and Cancel, and each press sends the shop a notice signed
 * with a secret of the server's, read by the same notice handling as Stripe's.
 */
export interface TestProvider extends PaymentProvider {
  readonly name: 'test';
  /** The signed notice a press on the page sends: its raw body and headers. */
  notice(paymentId: string, press: TestPress): Promise<{ body: string; headers: Headers }>;
}

/** `secret` is the server's (`PAYMENT_TEST_SECRET`, else one kept in the database for every process). */
export function testProvider(store: Store, configured: string | undefined): TestProvider {
  let secret: Promise<string> | undefined;
  const secretOf = () =>
    (secret ??= configured
      ? Promise.resolve(configured)
      : store.sharedSecret('payment-test-provider', randomBytes(32).toString('hex')));

  return {
    name: 'test',
    createPayment: async ({ paymentId }) => ({ reference: paymentId, pageUrl: `/pay/test/${paymentId}` }),

    async readPayment(reference) {
      const payment = await store.findPayment(reference);
      if (!payment) throw new Error('The test provider has no such payment.');
      const state = payment.state === 'cancelled' || payment.state === 'creating' ? 'open' : payment.state;
      return { state, amountCents: payment.amountCents, currency: payment.currency };
    },

    // The stand-in holds no money: a refund is accepted as asked.
    refund: async () => undefined,

    async notice(paymentId, press) {
      const payment = await store.findPayment(paymentId);
      const event: TestEvent = {
        id: `tev_${randomBytes(12).toString('hex')}`,
        type: `payment.${press}`,
        payment: paymentId,
        amount: payment?.amountCents ?? 0,
        currency: payment?.currency ?? '',
      };
      const body = JSON.stringify(event);
      const headers = new Headers({ [TEST_SIGNATURE_HEADER]: testSignature(await secretOf(), body) });
      return { body, headers };
    },

    async readNotice(rawBody, headers): Promise<ReadNotice> {
      if (!verified(await secretOf(), rawBody, headers.get(TEST_SIGNATURE_HEADER), Date.now())) {
        return { ok: false, reason: 'bad-signature' };
      }
      let event: Partial<TestEvent>;
      try {
        event = JSON.parse(rawBody) as Partial<TestEvent>;
      } catch {
        return { ok: false, reason: 'ignored' };
      }
      const press = event.type?.replace(/^payment\./, '') as TestPress | undefined;
      if (!event.id || !press || !Object.hasOwn(KIND_OF_PRESS, press))
        return { ok: false, reason: 'ignored' };
      return {
        ok: true,
        notice: {
          provider: 'test',
          eventId: event.id,
          type: event.type ?? '',
          kind: KIND_OF_PRESS[press],
          paymentId: event.payment,
          amountCents: event.amount,
          currency: event.currency,
        },
      };
    },
  };
}

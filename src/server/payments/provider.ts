import type { PaymentNotice, PaymentRecord } from '#src/server/store/types.ts';

/** One line of the order as the provider's page lists it. */
interface PaymentLine {
  name: string;
  quantity: number;
  unitCents: number;
}

/** What the shop asks a provider for: one payment of the order's total, in integer cents. */
interface PaymentRequest {
  paymentId: string;
  orderId: string;
  amountCents: number;
  /** ISO 4217 in lower case (`usd`), as providers write it. */
  currency: string;
  lines: PaymentLine[];
  /** The same key asks for the same payment: a retry never makes a second one. */
  idempotencyKey: string;
  /** Paths on the shop the provider's page sends the shopper back to. */
  returnPath: string;
  cancelPath: string;
  /** The provider stops taking the payment then (the shop cancels the order soon after). */
  expiresAt: Date;
}

/** The provider's id of the payment, and the page where the shopper pays. */
interface StartedPayment {
  reference: string;
  pageUrl: string;
}

/** Where a payment stands at its provider. */
export type ProviderState = 'open' | 'processing' | 'paid' | 'failed' | 'expired';

/** A notice read from a provider's request: verified, or why it was not. */
export type ReadNotice =
  | { ok: true; notice: PaymentNotice }
  /** `ignored`: signed, but of an event the shop does not act on. */
  | { ok: false; reason: 'bad-signature' | 'ignored' };

/**
 * A card payment provider: the shop asks it for a payment, the shopper pays on its page, and its
 * signed notices (never the shopper's return) say what happened.
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createPayment(request: PaymentRequest): Promise<StartedPayment>;
  readPayment(reference: string): Promise<{ state: ProviderState; amountCents: number; currency: string }>;
  /** Refunds `cents` of a paid payment; the key makes a retry refund once. */
  refund(payment: PaymentRecord, cents: number, idempotencyKey: string): Promise<void>;
  /** Checks a notice's signature on its raw body and reads it; never trusts an unsigned one. */
  readNotice(rawBody: string, headers: Headers): Promise<ReadNotice>;
}

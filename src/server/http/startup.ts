import { identityFromEnv, type Identity } from '#src/server/identity/index.ts';
import { outboxFromEnv, startDispatcher, type OutboxSettings } from '#src/server/messages/dispatcher.ts';
import { merchantPhonesFromEnv } from '#src/server/admin/merchants.ts';
import { emailSenderFromEnv, type EmailSender } from '#src/server/messages/email.ts';
import { startExpiry } from '#src/server/payments/expiry.ts';
import { paymentSettingsFromEnv, type PaymentSettings } from '#src/server/payments/settings.ts';
import { trackingLinkDaysFromEnv } from '#src/server/messages/orderMessages.ts';
import { createStore, type Store } from '#src/server/store/index.ts';
import { configFromEnv, type ServerConfig } from './config.ts';

/** Stops the process before it serves anything, saying why in one line. */
export function cannotStart(error: unknown): never {
  console.error(`[server] cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

interface Settings {
  config: ServerConfig;
  identity: Identity;
  outbox: OutboxSettings;
  email: EmailSender;
  payments: PaymentSettings;
}

/** The process's settings; a setting that cannot work stops it here, naming what to give. */
export function settingsOrExit(): Settings {
  let settings: Settings;
  try {
    settings = {
      config: configFromEnv(),
      identity: identityFromEnv(),
      outbox: outboxFromEnv(),
      email: emailSenderFromEnv(),
      payments: paymentSettingsFromEnv(),
    };
    // Read again for each request to the back office; read here too, so that a bad one stops the start.
    merchantPhonesFromEnv();
    // The order lookup reads it for itself; read here too, so that a bad one stops the start.
    trackingLinkDaysFromEnv();
  } catch (error) {
    cannotStart(error);
  }
  console.log(
    settings.identity.settings.demo
      ? '[server] demo mode: the demo code signs in requests made on this machine only, and texts are printed here, not sent'
      : `[server] sign-in codes leave through the ${settings.identity.sender.name} sender`,
  );
  const { card, onDelivery } = settings.payments;
  const ways = [
    card === 'none' ? '' : `by card (${card === 'test' ? "the shop's test provider" : 'Stripe'})`,
    onDelivery ? 'on delivery' : '',
  ];
  console.log(`[server] shoppers pay ${ways.filter(Boolean).join(' or ')}`);
  return settings;
}

/** Orders left unpaid are cancelled by every server process (each order by one of them). */
export function startPaymentExpiry(store: Store, { payments }: Settings): { stop: () => Promise<void> } {
  return startExpiry(store, { unpaidMs: payments.unpaidMs, everyMs: payments.expiryCheckMs });
}

/** The database; one that cannot be reached yet is reported, and the API answers 503 until it is. */
export async function openStore(config: ServerConfig): Promise<Store> {
  const store = createStore(config);
  await store.ready().then(
    () => console.log(`[server] ${store.kind} database ready`),
    (error: Error) => console.error(`[server] ${error.message}; the API answers 503 until it is back.`),
  );
  return store;
}

/**
 * Messages in the outbox go out from every server process (each message is claimed by one),
 * unless `OUTBOX_SENDER=off` leaves the sending to other processes.
 */
export function startOutbox(
  store: Store,
  { identity, outbox: { sends, leaseMs }, email }: Settings,
): { stop: () => Promise<void> } {
  if (!sends) return { stop: async () => undefined };
  return startDispatcher(store, { sms: identity.sender, email }, { leaseMs });
}

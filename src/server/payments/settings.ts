import { demoModeFrom } from '#src/lib/demoMode.ts';
import { urlSetting, wholeNumberSetting } from '#src/server/envSettings.ts';
import type { Store } from '#src/server/store/types.ts';
import type { PaymentProvider } from './provider.ts';
import { stripeProvider, type StripeSettings } from './stripe.ts';
import { testProvider, type TestProvider } from './testProvider.ts';

/** How the shop takes payment; every field is an environment variable in the README. */
export interface PaymentSettings {
  /** The card provider: Stripe, the shop's test provider (demo mode), or none. */
  card: 'stripe' | 'test' | 'none';
  /** Pay on delivery is offered (`PAY_ON_DELIVERY=off` turns it off). */
  onDelivery: boolean;
  /** An order still unpaid this long after it was placed is cancelled and its stock returned. */
  unpaidMs: number;
  /** How often this process looks for such orders. */
  expiryCheckMs: number;
  stripe?: StripeSettings;
  /** `PAYMENT_TEST_SECRET`: the test provider's signing secret (else one kept in the database). */
  testSecret?: string | undefined;
}

const site = (env: NodeJS.ProcessEnv) => env['SITE_URL'] || 'http://localhost:4321';

/** The settings of this process; throws, naming the setting, when they cannot work. */
export function paymentSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentSettings {
  const mode = demoModeFrom(env);
  // The test provider takes anyone's "payment": only a demo shop on this machine may offer it.
  const localDemo = !('error' in mode) && mode.demo && !mode.chosen;
  const asked = (env['PAYMENT_PROVIDER'] ?? '').toLowerCase();
  if (asked !== '' && asked !== 'stripe' && asked !== 'test' && asked !== 'none') {
    throw new Error(`PAYMENT_PROVIDER must be "stripe", "test", "none" or unset, not "${asked}".`);
  }
  const secretKey = env['STRIPE_SECRET_KEY'] ?? '';
  const card = asked === '' ? (secretKey ? 'stripe' : localDemo ? 'test' : 'none') : asked;
  if (card === 'test' && !localDemo) {
    throw new Error(
      `PAYMENT_PROVIDER=test is the shop's own stand-in for a payment page and takes no money: it runs only in demo mode on localhost, never on ${site(env)}. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=none.`,
    );
  }
  const webhookSecret = env['STRIPE_WEBHOOK_SECRET'] ?? '';
  if (card === 'stripe' && (!secretKey || !webhookSecret)) {
    throw new Error('Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (from its dashboard).');
  }
  const onDeliverySetting = (env['PAY_ON_DELIVERY'] ?? 'on').toLowerCase();
  if (onDeliverySetting !== 'on' && onDeliverySetting !== 'off') {
    throw new Error(`PAY_ON_DELIVERY must be "on" or "off", not "${onDeliverySetting}".`);
  }
  const onDelivery = onDeliverySetting === 'on';
  if (!onDelivery && card === 'none') {
    throw new Error(
      'PAY_ON_DELIVERY is off and no card provider is configured: shoppers could not pay at all.',
    );
  }
  const apiUrl = urlSetting(env, 'STRIPE_API_URL', ['http:', 'https:'], 'http://127.0.0.1:12111');
  return {
    card,
    onDelivery,
    unpaidMs: wholeNumberSetting(env, 'UNPAID_ORDER_MINUTES', 60, 1) * 60_000,
    expiryCheckMs: wholeNumberSetting(env, 'UNPAID_ORDER_CHECK_SECONDS', 60, 1) * 1000,
    ...(card === 'stripe' ? { stripe: { secretKey, webhookSecret, site: site(env), apiUrl } } : {}),
    testSecret: env['PAYMENT_TEST_SECRET'] || undefined,
  };
}

/** The shop's ways to pay, put together once per process. */
export interface Payments {
  settings: PaymentSettings;
  /** The card provider, when one is configured. */
  card: PaymentProvider | undefined;
  /** The test provider, when it is the card provider: its page and presses. */
  test: TestProvider | undefined;
  /** A provider by name, for its notices. */
  provider(name: string): PaymentProvider | undefined;
}

export function createPayments(settings: PaymentSettings, store: Store): Payments {
  const test = settings.card === 'test' ? testProvider(store, settings.testSecret) : undefined;
  const card = settings.stripe ? stripeProvider(settings.stripe) : test;
  return { settings, card, test, provider: (name) => (card?.name === name ? card : undefined) };
}

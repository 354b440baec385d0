import { defineMiddleware } from 'astro:middleware';
import { identityFromEnv } from '#src/server/identity/index.ts';
import { createPayments, paymentSettingsFromEnv } from '#src/server/payments/settings.ts';
import { storeFromEnv } from '#src/server/store/index.ts';

/** Opened on the first request and kept for the life of the dev server, as `serve.ts` keeps its own. */
let opened: Pick<App.Locals, 'store' | 'identity' | 'payments'> | undefined;

/** Gives each request of `astro dev` the database, sign-in and payment settings (see devStore.ts). */
export const onRequest = defineMiddleware((context, next) => {
  if (!opened) {
    const store = storeFromEnv();
    opened = {
      store,
      identity: identityFromEnv(),
      payments: createPayments(paymentSettingsFromEnv(), store),
    };
  }
  Object.assign(context.locals, opened);
  return next();
});

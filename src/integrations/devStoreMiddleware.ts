import { defineMiddleware } from 'astro:middleware';
import { identityFromEnv } from '#src/server/identity/index.ts';
import { storeFromEnv } from '#src/server/store/index.ts';

/** Opened on the first request and kept for the life of the dev server, as `serve.ts` keeps its own. */
let opened: Pick<App.Locals, 'store' | 'identity'> | undefined;

/** Gives each request of `astro dev` the database and sign-in settings (see devStore.ts). */
export const onRequest = defineMiddleware((context, next) => {
  opened ??= { store: storeFromEnv(), identity: identityFromEnv() };
  Object.assign(context.locals, opened);
  return next();
});

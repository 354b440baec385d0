// The server process: the shop's settings, the build, the database and the outbox, put together
// as one HTTP server. Each part is in its own module beside this one.
import { join } from 'node:path';
import { loadBuild } from './build.ts';
import { answerClientErrors } from './clientErrors.ts';
import { RequestsInFlight } from './inFlight.ts';
import { createShopServer, listen } from './listen.ts';
import { requestPipeline } from './pipeline.ts';
import { stopOnSignals } from './shutdown.ts';
import { warmUp } from './warmUp.ts';
import { createPayments } from '#src/server/payments/settings.ts';
import { cannotStart, openStore, settingsOrExit, startOutbox, startPaymentExpiry } from './startup.ts';

// This process serves the production build: the libraries it renders with (React above all) load
// their production builds, not the development ones that check every element several times
// slower, unless the environment says otherwise.
process.env.NODE_ENV ??= 'production';
const settings = settingsOrExit();
const { config, identity } = settings;
const build = await loadBuild(join(import.meta.dirname, '../../../dist'), process.env).catch(cannotStart);
const store = await openStore(config);
const outbox = startOutbox(store, settings);
const expiry = startPaymentExpiry(store, settings);
const payments = createPayments(settings.payments, store);

const inFlight = new RequestsInFlight();
const pipeline = requestPipeline({
  build,
  store,
  identity,
  payments,
  trustProxy: config.trustProxy,
  inFlight,
});
const server = createShopServer(config, pipeline);
answerClientErrors(server, inFlight);
// The catalogue and a product page are rendered before the first shopper asks for one.
const [firstProduct] = build.catalogue ?? [];
await warmUp(pipeline, ['/products', ...(firstProduct ? [`/products/${firstProduct.id}`] : [])]);
listen(server, config);
stopOnSignals({ server, inFlight, jobs: [outbox, expiry], store, timeoutMs: config.shutdownTimeoutMs });

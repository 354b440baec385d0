// `npm run reviews`: the merchant reads shoppers' reviews before anyone else does, in the database
// DATABASE_URL or DATA_DIR points at (as the server does).
//   npm run reviews                 every review waiting to be read, oldest first
//   npm run reviews -- approve ID   show it on the product page (within a minute)
//   npm run reviews -- hide ID      keep it off the product page
//   npm run reviews -- seed         sample buyers and approved reviews, in a development database only
import { resolve } from 'node:path';
import { moderateReview } from '#src/server/admin/actions.ts';
import { BUILT_CATALOGUE, builtCatalogue } from '#src/server/catalogue/built.ts';
import { COMMAND_LINE } from '#src/server/orders/fulfilment.ts';
import { toCents } from '#src/lib/money.ts';
import type { Store } from '#src/server/store/index.ts';
import type { ReviewWithAuthor } from '#src/server/store/types.ts';
import { answerHelp, fail, merchantStore } from './merchantCommand.ts';
import { terminalSafe } from './terminalText.ts';

const USAGE = `Usage:
  npm run reviews                 every review waiting to be read, oldest first
  npm run reviews -- approve ID   show a review on its product page
  npm run reviews -- hide ID      keep a review off its product page
  npm run reviews -- seed         sample buyers and approved reviews (development database only:
                                  DATA_DIR other than ./data, no DATABASE_URL, NODE_ENV not production,
                                  no shopper's orders)`;

const stars = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;

function printReview(review: ReviewWithAuthor): void {
  const safe = (value: string) => terminalSafe(value, { lines: true });
  console.log(
    [
      `${review.id}  ${review.updatedAt.slice(0, 10)}  ${review.productId}  ${stars(review.rating)}  ${safe(review.authorName) || '(no name)'}`,
      review.title && `  ${safe(review.title)}`,
      review.text && `  ${safe(review.text).replaceAll('\n', '\n  ')}`,
      '',
    ]
      .filter((line) => line !== '')
      .join('\n') + '\n',
  );
}

async function list(store: Store): Promise<void> {
  const pending = await store.pendingReviews();
  console.log(`Reviews waiting to be read (${store.kind}): ${pending.length}\n`);
  pending.forEach(printReview);
  if (pending.length > 0) console.log('npm run reviews -- approve ID   or   npm run reviews -- hide ID');
}

async function moderate(store: Store, state: 'approved' | 'hidden', id: string | undefined): Promise<void> {
  if (!id || !/^R-[0-9a-f]{10}$/.test(id)) {
    fail(
      `${id ? `"${terminalSafe(id)}" is not a review id (R- and 10 letters or digits).` : 'Name a review.'}\n${USAGE}`,
      2,
    );
    return;
  }
  const done = await moderateReview(store, id, state, COMMAND_LINE);
  if (done.ok) console.log(done.message);
  else fail(`${done.message} See npm run reviews for the ones waiting.`, 2);
}

/** Why sample reviews may not go into this database, or undefined when it is a development one. */
function seedRefusal(env: NodeJS.ProcessEnv): string | undefined {
  if (env['NODE_ENV'] === 'production') return 'NODE_ENV is production: sample reviews never go there.';
  if (env['DATABASE_URL'])
    return 'DATABASE_URL is set: sample reviews only go into a development SQLite database.';
  const dataDir = env['DATA_DIR'];
  if (!dataDir || resolve(dataDir) === resolve('data')) {
    return 'Sample reviews only go into a development database: set DATA_DIR to another folder than ./data (the one the shop serves from), e.g. DATA_DIR=data/dev npm run reviews -- seed.';
  }
  return undefined;
}

/** Sample buyers (phones in the 555-01xx range, which no one holds) and what each says. */
const SAMPLES = [
  {
    name: 'Asha Rao',
    phone: '+14155550101',
    reviews: [
      [
        'kashmiri-saffron',
        5,
        'Worth every thread',
        'A pinch coloured a whole pot of rice. The smell is like honey and hay.',
      ],
      [
        'cumin-seeds',
        4,
        'Lovely and fresh',
        'Toasts quickly and smells strong. I wish the big pack came in a tin too.',
      ],
    ],
  },
  {
    name: 'Ravi Menon',
    phone: '+14155550102',
    reviews: [
      [
        'kashmiri-saffron',
        4,
        'Real saffron',
        'Long red threads, no yellow bits. Pricey, but a little goes far.',
      ],
      ['garam-masala', 5, '', 'Tastes like the one my grandmother made. Warm, not too much clove.'],
    ],
  },
  {
    name: 'Mei Lin',
    phone: '+14155550103',
    reviews: [
      [
        'kashmiri-saffron',
        5,
        'Perfect for paella',
        'Steeped it in warm stock first; colour and flavour were spot on.',
      ],
    ],
  },
] as const;

async function seed(store: Store): Promise<void> {
  const refusal = seedRefusal(process.env);
  if (refusal) return fail(refusal, 2);
  // A shop's own database, wherever it lives, holds shoppers' orders: samples never go there.
  const samplePhones = new Set<string>(SAMPLES.map((sample) => sample.phone));
  if ((await store.recentOrders(SAMPLES.length + 1)).some((order) => !samplePhones.has(order.phone))) {
    return fail(
      "This database holds shoppers' orders: sample reviews only go into a development database of their own (a new DATA_DIR).",
      2,
    );
  }
  const catalogue = builtCatalogue();
  if (!catalogue) return fail(`No built catalogue at ${BUILT_CATALOGUE}: run npm run build first.`);
  let written = 0;
  for (const { name, phone, reviews } of SAMPLES) {
    const account = await store.accountForPhone(phone);
    await store.updateProfile(account.id, { name });
    const lines = [];
    for (const [productId] of reviews) {
      const product = catalogue.get(productId);
      const pack = product?.netQuantities[0];
      if (!product || !pack) return fail(`The sample product "${productId}" is not in the catalogue.`);
      const priceCents = toCents(pack.offerPrice ?? pack.price);
      lines.push({
        productId,
        pack: pack.label,
        name: `${product.title} (${pack.label})`,
        quantity: 1,
        priceCents,
      });
    }
    const placed = await store.placeOrder({
      userId: account.id,
      phone,
      address: {
        name,
        street: '1 Sample Street',
        city: 'San Francisco',
        state: 'CA',
        zip: '94107',
        country: 'United States',
        phone: '',
      },
      lines,
      totalCents: lines.reduce((sum, line) => sum + line.priceCents, 0),
      idempotencyKey: `sample-reviews-${phone}`,
      requestHash: 'sample-reviews',
    });
    if (!('order' in placed)) return fail(`Too little stock for the sample order of ${name}.`);
    // Again on a second run: the order is delivered already and the moves are refused.
    await store.moveOrder(placed.order.id, 'shipped');
    await store.moveOrder(placed.order.id, 'delivered');
    for (const [productId, rating, title, text] of reviews) {
      const saved = await store.saveReview(account.id, productId, { rating, title, text });
      if (saved !== 'not-buyer') await store.moderateReview(saved.id, 'approved');
      written += 1;
    }
  }
  console.log(`${SAMPLES.length} sample buyers with delivered orders, ${written} approved reviews.`);
}

answerHelp(USAGE);
const [command = 'list', id, ...extra] = process.argv.slice(2);
const store = merchantStore();
try {
  if (extra.length > 0) fail(`Too many arguments.\n${USAGE}`, 2);
  else if (command === 'list' && id === undefined) await list(store);
  else if (command === 'approve') await moderate(store, 'approved', id);
  else if (command === 'hide') await moderate(store, 'hidden', id);
  else if (command === 'seed' && id === undefined) await seed(store);
  else fail(`Unknown command "${terminalSafe([command, id].filter(Boolean).join(' '))}".\n${USAGE}`, 2);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await store.close();
}

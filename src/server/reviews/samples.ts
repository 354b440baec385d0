import { resolve } from 'node:path';
import { toCents } from '#src/lib/money.ts';
import { BUILT_CATALOGUE, builtCatalogue } from '#src/server/catalogue/built.ts';
import type { Store } from '#src/server/store/types.ts';

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

/** What seeding came to: how many were written, or why not (`wrongDatabase`: not a development one). */
type Seeded = { ok: true; message: string } | { ok: false; message: string; wrongDatabase?: true };

/**
 * `npm run reviews -- seed`: sample buyers with delivered orders and approved reviews, so product
 * pages show reviews in development; only in a development database of its own. Run again, it
 * adds no second order (the same idempotency key) and saves the same reviews again.
 */
export async function seedSampleReviews(store: Store, env: NodeJS.ProcessEnv): Promise<Seeded> {
  const refusal = seedRefusal(env);
  if (refusal) return { ok: false, message: refusal, wrongDatabase: true };
  // A shop's own database, wherever it lives, holds shoppers' orders: samples never go there.
  const samplePhones = new Set<string>(SAMPLES.map((sample) => sample.phone));
  if ((await store.recentOrders(SAMPLES.length + 1)).some((order) => !samplePhones.has(order.phone))) {
    return {
      ok: false,
      message:
        "This database holds shoppers' orders: sample reviews only go into a development database of their own (a new DATA_DIR).",
      wrongDatabase: true,
    };
  }
  const catalogue = builtCatalogue();
  if (!catalogue) {
    return { ok: false, message: `No built catalogue at ${BUILT_CATALOGUE}: run npm run build first.` };
  }
  let written = 0;
  for (const { name, phone, reviews } of SAMPLES) {
    const account = await store.accountForPhone(phone);
    await store.updateProfile(account.id, { name });
    const lines = [];
    for (const [productId] of reviews) {
      const product = catalogue.get(productId);
      const pack = product?.netQuantities[0];
      if (!product || !pack) {
        return { ok: false, message: `The sample product "${productId}" is not in the catalogue.` };
      }
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
    if (!('order' in placed))
      return { ok: false, message: `Too little stock for the sample order of ${name}.` };
    // Again on a second run: the order is delivered already and the moves are refused.
    await store.moveOrder(placed.order.id, 'shipped');
    await store.moveOrder(placed.order.id, 'delivered');
    for (const [productId, rating, title, text] of reviews) {
      const saved = await store.saveReview(account.id, productId, { rating, title, text });
      if (saved !== 'not-buyer') await store.moderateReview(saved.id, 'approved');
      written += 1;
    }
  }
  return {
    ok: true,
    message: `${SAMPLES.length} sample buyers with delivered orders, ${written} approved reviews.`,
  };
}

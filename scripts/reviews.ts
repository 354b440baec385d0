// `npm run reviews`: the merchant reads shoppers' reviews before anyone else does, in the database
// DATABASE_URL or DATA_DIR points at (as the server does).
//   npm run reviews                 every review waiting to be read, oldest first
//   npm run reviews -- approve ID   show it on the product page (within a minute)
//   npm run reviews -- hide ID      keep it off the product page
//   npm run reviews -- seed         sample buyers and approved reviews, in a development database only
import { moderateReview } from '#src/server/admin/actions.ts';
import { COMMAND_LINE } from '#src/server/orders/fulfilment.ts';
import { seedSampleReviews } from '#src/server/reviews/samples.ts';
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

async function seed(store: Store): Promise<void> {
  const seeded = await seedSampleReviews(store, process.env);
  if (seeded.ok) console.log(seeded.message);
  else fail(seeded.message, seeded.wrongDatabase ? 2 : 1);
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

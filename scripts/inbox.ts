// `npm run inbox [-- N]`: the N (default 20) most recent contact messages and newsletter
// subscriptions, from the database DATABASE_URL or DATA_DIR points at (as the server does).
import { answerHelp, countToList, merchantStore } from './merchantCommand.ts';
import { terminalSafe as safe } from './terminalText.ts';

const USAGE = 'Usage: npm run inbox [-- N]   (N: how many of each to show, default 20)';
answerHelp(USAGE);
const limit = countToList(process.argv[2], 'entries', 'inbox');
if (typeof limit === 'string' || process.argv.length > 3) {
  console.error(typeof limit === 'string' ? `${limit}\n${USAGE}` : USAGE);
  process.exit(2);
}

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const store = merchantStore();
try {
  const [messages, subscriptions] = await Promise.all([
    store.recentMessages(limit),
    store.recentSubscriptions(limit),
  ]);
  console.log(`Contact messages (${store.kind}, newest first): ${messages.length}\n`);
  for (const { createdAt, name, email, message } of messages) {
    console.log(`${when(createdAt)}  ${safe(name)} <${safe(email)}>`);
    console.log(`${safe(message, { lines: true }).replace(/^/gm, '    ')}\n`);
  }
  console.log(`Newsletter subscriptions (newest first): ${subscriptions.length}\n`);
  for (const { createdAt, email } of subscriptions) console.log(`${when(createdAt)}  ${safe(email)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await store.close();
}

// `npm run outbox [-- N]`: the N (default 20) most recent messages the shop sent or tried to send
// (sign-in codes with the code blanked out), with their state, from the database DATABASE_URL or
// DATA_DIR points at (as the server does).
import { storeFromEnv } from '../src/server/store/index.ts';
import { terminalSafe as safe } from './terminalText.ts';

const limit = Number(process.argv[2] ?? 20);
if (!Number.isInteger(limit) || limit < 1) {
  console.error('Usage: npm run outbox [-- N]   (N: how many messages to show, default 20)');
  process.exit(2);
}

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const store = storeFromEnv();
try {
  const messages = await store.recentOutbox(limit);
  console.log(`Messages (${store.kind}, newest first): ${messages.length}\n`);
  for (const message of messages) {
    const error = message.lastError ? `, last error: ${safe(message.lastError)}` : '';
    console.log(
      `${when(message.createdAt)}  ${message.channel} to ${safe(message.recipient)}  ${message.kind}  ` +
        `${message.state} (${message.attempts} attempt${message.attempts === 1 ? '' : 's'}${error})`,
    );
    console.log(`${safe(message.body, { lines: true }).replace(/^/gm, '    ')}\n`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await store.close();
}

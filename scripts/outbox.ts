// `npm run outbox [-- N]`: the N (default 20) most recent messages the shop sent or will send,
// with their state, attempts and last error (sign-in codes and tracking tokens blanked out);
// `npm run outbox -- resend ID` puts a failed message back in the queue. On the database
// DATABASE_URL or DATA_DIR points at, as the server does.
import { resendMessage } from '#src/server/admin/actions.ts';
import { phoneForPeople } from '#src/server/identity/phone.ts';
import { withoutTrackingTokens } from '#src/server/messages/orderMessages.ts';
import { COMMAND_LINE } from '#src/server/orders/fulfilment.ts';
import type { OutboxMessage } from '#src/server/store/types.ts';
import { answerHelp, countToList, merchantStore } from './merchantCommand.ts';
import { terminalSafe as safe } from './terminalText.ts';

const USAGE = `Usage:
  npm run outbox [-- N]          the N latest messages (default 20), newest first
  npm run outbox -- resend ID    send a failed message again`;

answerHelp(USAGE);
const [command, id = '', ...extra] = process.argv.slice(2);
const resend = command === 'resend';
const limit = resend ? 0 : countToList(command, 'messages', 'outbox');
if (typeof limit === 'string' || (resend ? !id || extra.length > 0 : id)) {
  console.error(typeof limit === 'string' ? `${limit}\n${USAGE}` : USAGE);
  process.exit(2);
}

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
/** What the merchant's screen shows of a text: a tracking link's token stays out of sight too. */
const shown = (text: string) => withoutTrackingTokens(safe(text, { lines: true }));
/** Who a message went to: a text's phone as people write it, an email's address as it is. */
const to = (message: OutboxMessage) =>
  message.channel === 'sms' ? phoneForPeople(message.recipient) : message.recipient;

const store = merchantStore();
try {
  if (resend) {
    const done = await resendMessage(store, id, COMMAND_LINE);
    if (done.ok) console.log(safe(done.message));
    else {
      console.error(safe(done.message));
      process.exitCode = 1;
    }
  } else {
    const messages = await store.recentOutbox(limit);
    console.log(`Messages (${store.kind}, newest first): ${messages.length}\n`);
    for (const message of messages) {
      const error = message.lastError ? `, last error: ${safe(message.lastError)}` : '';
      const tries = `${message.attempts} attempt${message.attempts === 1 ? '' : 's'}`;
      console.log(
        `${when(message.createdAt)}  ${message.id}  ${message.channel} to ${safe(to(message))}  ` +
          `${message.kind}  ${message.state} (${tries}${error})`,
      );
      if (message.subject) console.log(`    ${safe(message.subject)}`);
      console.log(`${shown(message.body).replace(/^/gm, '    ')}\n`);
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await store.close();
}

import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from './sql.ts';
import type { OutboxMessage } from './types.ts';

/** A message to send, as the code that causes it writes it. */
export type NewMessage = Pick<OutboxMessage, 'kind' | 'channel' | 'recipient' | 'subject' | 'body'>;

/**
 * Queues a message in the outbox on `db`, inside the caller's transaction: the message exists
 * exactly when what caused it (an order, a status change, a restock) was stored. The server
 * process sends what is due (see src/server/messages/). Answers the message's id.
 */
export async function queueMessage(db: SqlExecutor, message: NewMessage, now: string): Promise<string> {
  const id = randomUUID();
  await db.run(
    `INSERT INTO outbox (id, kind, channel, recipient, subject, body, state, attempts, last_error, created_at, due_at, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, '', $7, $7, NULL)`,
    [id, message.kind, message.channel, message.recipient, message.subject, message.body, now],
  );
  return id;
}

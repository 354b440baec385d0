import { randomUUID } from 'node:crypto';
import type { SqlDriver, SqlTransaction } from './sql.ts';
import {
  SIGN_IN_CODE,
  type NewMessage,
  type OutboxMessage,
  type SendFailure,
  type SentMessage,
} from './types.ts';

const OUTBOX_COLUMNS = `id, kind, channel, recipient, subject, body, html, state, attempts,
  last_error AS "lastError", created_at AS "createdAt", sent_at AS "sentAt"`;

const counted = (message: OutboxMessage): OutboxMessage => ({
  ...message,
  attempts: Number(message.attempts),
});

/**
 * Queues a message in the outbox on `db`, inside the caller's transaction: the message exists
 * exactly when what caused it (an order, a status change, a restock) was stored. The server
 * process sends what is due (src/server/messages/dispatcher.ts). Answers the message's id.
 */
export function queueMessage(tx: SqlTransaction, message: NewMessage, now: string): string {
  const id = randomUUID();
  tx.later(
    `INSERT INTO outbox (id, kind, channel, recipient, subject, body, html, state, attempts, last_error, created_at, due_at, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', 0, '', $8, $8, NULL)`,
    [
      id,
      message.kind,
      message.channel,
      message.recipient,
      message.subject,
      message.body,
      message.html ?? '',
      now,
    ],
  );
  return id;
}

/** The outbox queries of `Store`, on either driver. */
export function outboxQueries(driver: SqlDriver, stamp: () => string) {
  return {
    async recordMessage(message: Omit<OutboxMessage, 'createdAt' | 'html'>) {
      await driver.run(
        `INSERT INTO outbox (id, kind, channel, recipient, subject, body, state, attempts, last_error, created_at, due_at, sent_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11)`,
        [
          message.id,
          message.kind,
          message.channel,
          message.recipient,
          message.subject,
          message.body,
          message.state,
          message.attempts,
          message.lastError,
          stamp(),
          message.sentAt,
        ],
      );
    },

    outboxToCheck: async (limit: number) =>
      (
        await driver.all<OutboxMessage>(
          `SELECT ${OUTBOX_COLUMNS} FROM outbox
           ORDER BY CASE WHEN state = 'failed' THEN 0 ELSE 1 END, created_at DESC, id DESC LIMIT $1`,
          [limit],
        )
      ).map(counted),

    messagesAbout: async (orderId: string) =>
      (
        await driver.all<OutboxMessage>(
          `SELECT ${OUTBOX_COLUMNS} FROM outbox WHERE kind LIKE 'order-%' AND body LIKE $1 ORDER BY created_at, id`,
          [`%${orderId}%`],
        )
      ).map(counted),

    recentOutbox: async (limit: number) =>
      (
        await driver.all<OutboxMessage>(
          `SELECT ${OUTBOX_COLUMNS} FROM outbox ORDER BY created_at DESC, id DESC LIMIT $1`,
          [limit],
        )
      ).map(counted),

    async claimDueMessages(limit: number, now: string, leaseUntil: string): Promise<OutboxMessage[]> {
      // One statement: SKIP LOCKED leaves a message another process is claiming to it (SQLite's
      // writes never overlap, so there the statement alone is exclusive).
      const lock = driver.kind === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
      const claimed = await driver.all<OutboxMessage>(
        `UPDATE outbox SET due_at = $3, attempts = attempts + 1
         WHERE id IN (SELECT id FROM outbox WHERE state = 'pending' AND due_at <= $1 ORDER BY due_at, id LIMIT $2${lock})
         RETURNING ${OUTBOX_COLUMNS}`,
        [now, limit, leaseUntil],
      );
      return claimed.map(counted);
    },

    async markSent({ id, body, html }: SentMessage, now: string) {
      await driver.run(
        `UPDATE outbox SET state = 'sent', sent_at = $2, last_error = '', body = $3, html = $4 WHERE id = $1`,
        [id, now, body, html],
      );
    },

    async failMessage(id: string, { error, retryAt }: SendFailure) {
      if (retryAt === null) {
        await driver.run(`UPDATE outbox SET state = 'failed', last_error = $2 WHERE id = $1`, [id, error]);
      } else {
        await driver.run('UPDATE outbox SET due_at = $2, last_error = $3 WHERE id = $1', [
          id,
          retryAt,
          error,
        ]);
      }
    },

    resendMessage: async (id: string, now: string) =>
      (await driver.run(
        `UPDATE outbox SET state = 'pending', due_at = $2, attempts = 0
         WHERE id = $1 AND state = 'failed' AND kind <> $3`,
        [id, now, SIGN_IN_CODE],
      )) > 0,
  };
}

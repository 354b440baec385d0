import { wholeNumberSetting } from '#src/server/envSettings.ts';
import type { OutboxMessage, SendFailure, SentMessage, Store } from '#src/server/store/types.ts';
import type { EmailSender } from './email.ts';
import { withoutTrackingTokens } from './orderMessages.ts';
import type { SmsSender } from './sms.ts';

/** Tries a message gets before it is marked failed: with the backoff below, about a day. */
const MAX_ATTEMPTS = 30;
/** A claimed message is another process's to send once this long has passed (this one died). */
const LEASE_MS = 5 * 60_000;

/** How this process takes part in sending the outbox. */
export interface OutboxSettings {
  /** False with `OUTBOX_SENDER=off`, which leaves the sending to other processes. */
  sends: boolean;
  /**
   * `OUTBOX_LEASE_SECONDS` (default 300): how long a message a process claimed waits before
   * another may send it, should the first die mid-send.
   */
  leaseMs: number;
}

/** The outbox's settings; one that cannot work throws, naming it, so that the server stops at start. */
export function outboxFromEnv(env: NodeJS.ProcessEnv = process.env): OutboxSettings {
  const sender = env['OUTBOX_SENDER'];
  if (sender && sender !== 'off') {
    throw new Error(
      `OUTBOX_SENDER must be "off" (another process sends the outbox) or unset, not "${sender}".`,
    );
  }
  return {
    sends: !sender,
    leaseMs: wholeNumberSetting(env, 'OUTBOX_LEASE_SECONDS', LEASE_MS / 1000, 1) * 1000,
  };
}

/** The wait before try `attempt + 1`: 30 s, doubling, at most an hour. */
function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/** What a failed try means: another later, or, after the last one, giving up. */
function afterFailure(message: OutboxMessage, error: string, now: number): SendFailure {
  return {
    error,
    retryAt:
      message.attempts >= MAX_ATTEMPTS ? null : new Date(now + backoffMs(message.attempts)).toISOString(),
  };
}

export interface Senders {
  sms: SmsSender;
  email: EmailSender;
}

/** Sends one claimed message through its channel's sender; the message id is the provider's idempotency key. */
async function deliver(message: OutboxMessage, senders: Senders): Promise<void> {
  if (message.channel === 'sms') {
    await senders.sms.send({ id: message.id, to: message.recipient, body: message.body });
  } else {
    await senders.email.send({
      id: message.id,
      to: message.recipient,
      subject: message.subject,
      text: message.body,
      html: message.html,
    });
  }
}

/**
 * One round: claims what is due and sends it, at least once, each marked sent as soon as its
 * provider accepts it (a process that dies in the round leaves to be sent again, when its lease
 * ends, only what was in flight; the provider's idempotency key keeps a retry from reaching the
 * shopper twice). Answers how many it claimed.
 */
export async function dispatchDue(
  store: Store,
  senders: Senders,
  now = Date.now(),
  batch = 20,
  leaseMs = LEASE_MS,
): Promise<number> {
  const claimed = await store.claimDueMessages(
    batch,
    new Date(now).toISOString(),
    new Date(now + leaseMs).toISOString(),
  );
  await Promise.all(
    claimed.map(async (message) => {
      try {
        await deliver(message, senders);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        console.error(`[outbox] ${message.kind} ${message.id}: ${reason}`);
        await store.failMessage(message.id, afterFailure(message, reason, now));
        return;
      }
      // The record of a sent message keeps its tracking link without the token, which only
      // the shopper's copy needs: the database keeps tokens as hashes alone.
      const sent: SentMessage = {
        id: message.id,
        body: withoutTrackingTokens(message.body),
        html: withoutTrackingTokens(message.html),
      };
      await store.markSent(sent, new Date(now).toISOString());
    }),
  );
  return claimed.length;
}

/**
 * The server process's sender: a round every `intervalMs`, at once again while rounds come back
 * full. `stop` waits for the round in flight, so a SIGTERM never cuts a send in half.
 */
export function startDispatcher(
  store: Store,
  senders: Senders,
  { intervalMs = 1000, leaseMs = LEASE_MS } = {},
) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  const tick = () => {
    round = dispatchDue(store, senders, Date.now(), undefined, leaseMs).then(
      (count) => schedule(count > 0 ? 0 : intervalMs),
      (error: unknown) => {
        console.error(`[outbox] ${error instanceof Error ? error.message : String(error)}`);
        schedule(intervalMs);
      },
    );
  };
  const schedule = (delay: number) => {
    if (!stopped) timer = setTimeout(tick, delay);
  };
  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}

import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { SIGN_IN_CODE, type Account, type Store } from '#src/server/store/types.ts';
import { merchantNote } from '#src/server/messages/orderMessages.ts';
import type { SmsSender } from '#src/server/messages/sms.ts';
import { DEMO_CODE } from '#src/lib/demoMode.ts';
import type { AuthSettings } from './settings.ts';

/** Six digits from a cryptographic source (or the demo code). */
function newCode(demo: boolean): string {
  return demo ? DEMO_CODE : String(randomInt(1_000_000)).padStart(6, '0');
}

/** The keyed hash a code is stored as: without the server's secret a stolen table tells nothing. */
export function codeHash(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}\n${code}`).digest('hex');
}

const secrets = new WeakMap<Store, Promise<string>>();

/**
 * The HMAC key: `AUTH_SECRET` when set, else one made on first use and kept in the database, so
 * every server process on it (and every restart) checks the codes the others sent.
 */
export function codeSecret(store: Store, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const configured = env['AUTH_SECRET'];
  if (configured) return Promise.resolve(configured);
  let secret = secrets.get(store);
  if (!secret) {
    secret = store.sharedSecret('sign-in-codes', randomBytes(32).toString('base64url'));
    // A failure (database down) is not kept: the next request asks again.
    secret.catch(() => secrets.delete(store));
    secrets.set(store, secret);
  }
  return secret;
}

export type SendOutcome =
  | { kind: 'sent' }
  /** A code went out less than the cooldown ago, or the phone had its sends for now. */
  | { kind: 'wait'; seconds: number; reason: 'cooldown' | 'too-many' }
  /** The phone spent its wrong guesses: sign-in for it waits until then (ISO 8601). */
  | { kind: 'locked'; until: string }
  /** The shop's texts for the hour are spent: none is sent for `seconds`. */
  | { kind: 'spent'; seconds: number }
  | { kind: 'failed' };

const HOUR_MS = 3_600_000;

/**
 * Tells the merchant, once an hour whichever server saw it, that sign-in codes stopped: in the
 * log and by the outbox. Nothing about the phones that asked.
 */
async function reportTextsSpent(store: Store, settings: AuthSettings, now: number, seconds: number) {
  const until = new Date(now + seconds * 1000).toISOString().slice(11, 16);
  const note =
    `Sign-in codes stopped: the shop's budget of ${settings.textsPerHour} texts an hour (AUTH_TEXTS_PER_HOUR) ` +
    `is spent, so no shopper can sign in until about ${until} UTC. If this is not an attack, raise the setting.`;
  const hour = new Date(now).toISOString().slice(0, 13);
  const notice = merchantNote({ kind: 'merchant-texts-spent', subject: 'Sign-in codes stopped', note });
  if (await store.noteTextsSpent(hour, notice)) console.error(`[sign-in] ${note}`);
}

/**
 * The key a phone's code, sends and wrong guesses are kept under: the phone for any browser, but
 * the phone and the device for a browser that signed it in before (see devices.ts), so floods
 * from elsewhere spend none of that browser's budgets and never replace or end its code.
 */
const budgetKey = (phone: string, device: string | undefined) => (device ? `${phone} ${device}` : phone);

const codeText = (code: string, ttlMs: number) =>
  `${code} is your Saffron & Stone sign-in code. It expires in ${Math.round(ttlMs / 60_000)} minutes. Never share it.`;

/**
 * Sends a new code to `phone` (E.164), unless the cooldown or the phone's sends in the window
 * say to wait (those of this `device` alone, for a browser the phone signed in before). The same
 * answer whether or not the phone has an account. A message the sender could not send takes its
 * code back, so the shopper may ask again at once.
 */
export async function sendCode(
  { store, sender, settings }: { store: Store; sender: SmsSender; settings: AuthSettings },
  phone: string,
  now = Date.now(),
  device?: string,
): Promise<SendOutcome> {
  const key = budgetKey(phone, device);
  // A code the phone could not check before the wait is over is not worth a text.
  const until = await store.guessWait(key, settings.guessBudgets, new Date(now).toISOString());
  if (until) return { kind: 'locked', until };
  // Kept an hour at least: the shop's texts in an hour count every phone's.
  const kept = await store.codeSends(
    key,
    new Date(now - Math.max(settings.sendWindowMs, HOUR_MS)).toISOString(),
  );
  const sends = kept.filter((at) => Date.parse(at) > now - settings.sendWindowMs);
  const oldest = sends[0];
  if (oldest !== undefined && sends.length >= settings.sendsPerWindow) {
    const seconds = Math.ceil((Date.parse(oldest) + settings.sendWindowMs - now) / 1000);
    return { kind: 'wait', seconds: Math.max(1, seconds), reason: 'too-many' };
  }
  const texted = await store.textsSince(new Date(now - HOUR_MS).toISOString());
  if (texted.count >= settings.textsPerHour) {
    const frees = texted.oldest === undefined ? now + HOUR_MS : Date.parse(texted.oldest) + HOUR_MS;
    const seconds = Math.max(1, Math.ceil((frees - now) / 1000));
    await reportTextsSpent(store, settings, now, seconds);
    return { kind: 'spent', seconds };
  }
  const code = newCode(settings.demo);
  const hash = codeHash(await codeSecret(store), key, code);
  const started = await store.startCode({
    phone: key,
    codeHash: hash,
    now: new Date(now).toISOString(),
    expiresAt: new Date(now + settings.codeTtlMs).toISOString(),
    resendAfter: new Date(now - settings.resendMs).toISOString(),
  });
  if (!started.started) {
    const seconds = Math.ceil((Date.parse(started.sentAt) + settings.resendMs - now) / 1000);
    return { kind: 'wait', seconds: Math.max(1, seconds), reason: 'cooldown' };
  }
  const text = codeText(code, settings.codeTtlMs);
  // Logs and the outbox keep the message with its code blanked out: only the phone sees it.
  const logBody = codeText('••••••', settings.codeTtlMs);
  const id = randomUUID();
  // Recorded once its fate is known: a row written before would be a pending message the
  // outbox's dispatcher could send meanwhile, with the code blanked.
  const record = (state: 'sent' | 'failed', lastError = '') =>
    store.recordMessage({
      id,
      kind: SIGN_IN_CODE,
      channel: 'sms',
      recipient: phone,
      subject: '',
      body: logBody,
      state,
      attempts: 1,
      lastError,
      sentAt: state === 'sent' ? new Date().toISOString() : null,
    });
  try {
    await sender.send({ id, to: phone, body: text, logBody });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[sign-in] a code could not be sent: ${reason}`);
    await record('failed', reason).catch(() => undefined);
    await store.withdrawCode(key, hash).catch(() => undefined);
    return { kind: 'failed' };
  }
  // The text is on its way: a record that cannot be written does not take the code back.
  await record('sent').catch((error: unknown) =>
    console.error(`[sign-in] a sent code's record could not be kept: ${String(error)}`),
  );
  return { kind: 'sent' };
}

export type CheckOutcome =
  | { kind: 'accepted'; account: Account }
  | { kind: 'wrong' }
  /** The phone spent its wrong guesses: sign-in for it waits until then (ISO 8601). */
  | { kind: 'locked'; until: string }
  /** Too many wrong checks: the code is spent. */
  | { kind: 'ended' }
  /** No live code: never sent, used, or expired. */
  | { kind: 'expired' };

/**
 * Checks a code once: a match signs the phone's account in (created on its first sign-in). Wrong
 * codes count against the phone across its codes, so that a new code gives no new guesses (for a
 * browser the phone signed in before, against that `device` alone: see `budgetKey`).
 */
export async function checkCode(
  { store, settings }: { store: Store; settings: AuthSettings },
  phone: string,
  code: string,
  now = Date.now(),
  device?: string,
): Promise<CheckOutcome> {
  const key = budgetKey(phone, device);
  const hash = codeHash(await codeSecret(store), key, code);
  const result = await store.checkCode({
    phone: key,
    codeHash: hash,
    now: new Date(now).toISOString(),
    maxAttempts: settings.maxAttempts,
    budgets: settings.guessBudgets,
  });
  if (typeof result === 'object') return { kind: 'locked', until: result.waitUntil };
  switch (result) {
    case 'accepted':
      return { kind: 'accepted', account: await store.accountForPhone(phone) };
    case 'wrong':
      return { kind: 'wrong' };
    case 'ended':
      return { kind: 'ended' };
    case 'none':
      return { kind: 'expired' };
  }
}

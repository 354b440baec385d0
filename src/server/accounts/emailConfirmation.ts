import { randomBytes } from 'node:crypto';
import { escapeHtml, shopSite, trackingTokenHash } from '#src/server/messages/orderMessages.ts';
import type { Account, NewMessage, Store } from '#src/server/store/types.ts';

/** How long a confirmation link works: long enough for a mailbox checked once a day. */
const CONFIRM_LINK_HOURS = 48;

/** The page a confirmation link opens; its token rides in `?t=`, which logs and records blank. */
const CONFIRM_EMAIL_PATH = '/confirm-email';

/** The outbox's kind of a confirmation email. */
export const CONFIRM_EMAIL_KIND = 'email-confirm';

/** A link's token (128 random bits) and the hash the database keeps of it. */
const confirmationHash = trackingTokenHash;

/** The email that asks a shopper to confirm their address, with its link. */
function confirmationEmail(to: string, link: string): NewMessage {
  const ask = `Please confirm that ${to} is your email address, so that Saffron & Stone can send you receipts and order news there.`;
  const why = `The link works for ${CONFIRM_LINK_HOURS} hours. If you did not give us this address, ignore this email: nothing will be sent to it.`;
  return {
    kind: CONFIRM_EMAIL_KIND,
    channel: 'email',
    recipient: to,
    subject: 'Confirm your email address',
    body: [ask, '', `Confirm it: ${link}`, '', why, '', 'Saffron & Stone'].join('\n'),
    html: `<p>${escapeHtml(ask)}</p>
<p><a href="${escapeHtml(link)}">Confirm my email address</a></p>
<p>${escapeHtml(why)}</p>
<p>Saffron &amp; Stone</p>`,
  };
}

/**
 * Sends the account's address a new confirmation link (the account's earlier links end). False
 * when there is nothing to confirm: no address, or one confirmed already.
 */
export async function askToConfirm(
  store: Store,
  account: Pick<Account, 'id' | 'email' | 'emailConfirmed'>,
  env: NodeJS.ProcessEnv = process.env,
  now = Date.now(),
): Promise<boolean> {
  if (account.email === '' || account.emailConfirmed) return false;
  const token = randomBytes(16).toString('base64url');
  const link = new URL(`${CONFIRM_EMAIL_PATH}?t=${token}`, shopSite(env)).href;
  return store.startEmailConfirmation({
    accountId: account.id,
    email: account.email,
    tokenHash: confirmationHash(token),
    expiresAt: new Date(now + CONFIRM_LINK_HOURS * 3_600_000).toISOString(),
    message: confirmationEmail(account.email, link),
  });
}

/** Follows a confirmation link's token: confirmed (and which address), or a link that no longer works. */
export async function followConfirmation(store: Store, token: string, now = Date.now()) {
  if (!/^[\w-]{22}$/.test(token)) return { confirmed: false } as const;
  return store.confirmEmail(confirmationHash(token), new Date(now).toISOString());
}

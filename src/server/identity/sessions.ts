import { createHash, randomBytes } from 'node:crypto';
import type { Session, Store } from '#src/server/store/types.ts';

/**
 * A cookie's name as served: over HTTPS the `__Host-` prefix pins it to this host, path `/`,
 * Secure, so a cookie planted from elsewhere cannot take its name.
 */
const servedName = (name: string, secure: boolean) => (secure ? `__Host-${name}` : name);

/** A `Set-Cookie` value of the shop's own: `HttpOnly`, `SameSite=Lax`, path `/`, `Secure` over HTTPS. */
export function shopCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${servedName(name, secure)}=${value}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** A request may carry a few cookies of one name (a planted one beside the real); more is an attack. */
const MAX_VALUES = 3;

/**
 * The values a request's `Cookie` header carries under `name` as served, in order, each once.
 * Usually one; another may have been planted beside it (over plain HTTP, or a nameless cookie
 * whose value reads as `__Host-session=…`), so the caller checks them all.
 */
export function cookieValues(header: string | null, name: string, secure: boolean): string[] {
  const served = servedName(name, secure);
  const values = new Set<string>();
  for (const pair of (header ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === served) values.add(value.join('='));
  }
  return [...values].slice(0, MAX_VALUES);
}

/** What the database keeps of a cookie's secret: its SHA-256 (the secret is 256 random bits). */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new session for the account: a random secret for the cookie, its hash for the database. */
export async function startSession(
  store: Store,
  accountId: string,
  lifetimeMs: number,
  now = Date.now(),
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + lifetimeMs).toISOString();
  await store.createSession(tokenHash(token), accountId, expiresAt);
  return { token, expiresAt };
}

/** A session in use is extended once it is a day old, not on every request. */
const EXTEND_AFTER_MS = 86_400_000;

/**
 * The live session a cookie's token names, extended to a full lifetime when it has been used a
 * day or more since it was last set (`extendedTo` then says until when, for a new cookie).
 */
export async function resumeSession(
  store: Store,
  token: string,
  lifetimeMs: number,
  now = Date.now(),
): Promise<(Session & { extendedTo?: string }) | undefined> {
  if (!/^[\w-]{43}$/.test(token)) return undefined;
  const hash = tokenHash(token);
  const session = await store.findSession(hash, new Date(now).toISOString());
  if (!session) return undefined;
  if (Date.parse(session.expiresAt) - now > lifetimeMs - EXTEND_AFTER_MS) return session;
  const extendedTo = new Date(now + lifetimeMs).toISOString();
  await store.extendSession(hash, extendedTo);
  return { ...session, expiresAt: extendedTo, extendedTo };
}

/** The `Set-Cookie` value for a session until `expiresAt` (or one that removes it, with null). */
export function sessionCookie(token: string | null, expiresAt: string | null, secure: boolean): string {
  const maxAge =
    expiresAt === null ? 0 : Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  return shopCookie('session', token ?? '', maxAge, secure);
}

/** The session tokens a request's `Cookie` header carries (see `cookieValues`). */
export const tokensFromCookies = (header: string | null, secure: boolean) =>
  cookieValues(header, 'session', secure);

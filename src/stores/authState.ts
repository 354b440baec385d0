// Who is signed in, as the shop last said: the stored copy of the account, its shape, and logout
// (auth.ts, which re-exports what islands use, writes it on sign-in and profile changes). The
// server's session cookie is the credential; this copy only paints the page before any request.
// The top bar of every page loads only this module.
import type { ReadableAtom } from 'nanostores';
import { persistentAtom } from './persistent.ts';
import { id, isRecord, text } from './shapes.ts';
import type { AnsweredUser } from '#src/lib/shapes/account.schema.ts';

/** The account as the shop answers it, kept under `user`. */
export type User = AnsweredUser;

/** Where a session is made (sign-in) and ended (logout); the top bar needs only this much of the API. */
export const SESSION_API = '/api/v1/auth/session';

/** The storage key of the signed-in user. */
export const USER_KEY = 'user';

/**
 * A stored user: an object with an id (non-empty text, or a number written by older data) and a
 * phone. parseUser's rule, written out self-contained for the account guard, which runs its
 * source before the page is parsed (tests/unit/stores/accountGuard.test.ts holds the two to one
 * answer); the top bar reads the account through parseUser and loads none of it.
 */
export function isStoredUser(value: unknown): value is Record<string, unknown> & {
  id: string | number;
  phone: string;
} {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const { id, phone } = value as Record<string, unknown>;
  return (typeof id === 'string' ? id !== '' : Number.isFinite(id)) && typeof phone === 'string';
}

export function parseUser(value: unknown): User | undefined {
  if (!isRecord(value)) return undefined;
  const userId = id(value.id);
  if (userId === undefined || typeof value.phone !== 'string') return undefined;
  return {
    id: userId,
    phone: value.phone,
    phoneDisplay: text(value.phoneDisplay),
    name: text(value.name),
    email: text(value.email),
    profilePicture: text(value.profilePicture),
  };
}

const user = persistentAtom<User | null>(USER_KEY, null, (json) => parseUser(json) ?? null);

/** The signed-in shopper as the shop last described them, or null for a visitor. */
export const $user: ReadableAtom<User | null> = user;

/**
 * Signs out: the shop ends the session (and removes its cookie), then the copy goes. The copy
 * goes even when the shop cannot be reached, so a shopper offline is signed out here at least.
 */
export async function logout(): Promise<{ saved: boolean }> {
  await fetch(SESSION_API, { method: 'DELETE', credentials: 'same-origin' }).catch(() => undefined);
  return { saved: signedOutHere() };
}

let signingOut = false;
let signOuts = 0;

/** The copy goes because this page signed out: the page that asked takes the shopper home. */
export function signedOutHere(): boolean {
  signingOut = true;
  signOuts += 1;
  return user.save(null);
}

/**
 * How many times this page has signed out. An answer about the account asked for before a
 * sign-out describes a session that has ended, and is not kept.
 */
export const signOutsHere = (): number => signOuts;

/** True once this page signs out: only the page that asked navigates (two at once cancel each other). */
export const isSigningOut = (): boolean => signingOut;

/** Keeps the shop's latest description of the signed-in account (null: signed out); false if storage refused. */
export function keepUser(next: User | null): boolean {
  return user.save(next);
}

let ended = false;

/**
 * The shop said the session is over (it expired, was ended elsewhere, or never existed): the
 * copy goes, and account pages send the shopper to sign in again rather than home.
 */
export function sessionEnded(): void {
  ended = true;
  user.save(null);
}

/** True once the shop said this page's session is over. */
export const hasSessionEnded = (): boolean => ended;

/**
 * Checks this browser's copy against the shop, once a page, when it says signed in: a session
 * ended elsewhere ("Sign out of all devices", an expiry) takes the copy with it, so the top bar
 * of every page, not only account pages, comes to show the visitor's. Never before the page is
 * drawn (the top bar's script runs after the first paint), and nothing is asked of a visitor.
 */
export async function checkSignedIn(): Promise<void> {
  if (!user.get()) return;
  const asked = signOuts;
  // The body is read to its end: one left unread keeps the request open for good.
  const status = await fetch(SESSION_API, { credentials: 'same-origin' })
    .then(async (answer) => (await answer.arrayBuffer(), answer.status))
    .catch(() => 0);
  // Only an ended session clears the copy: a shop that cannot answer says nothing of it.
  if (status === 401 && asked === signOuts && user.get()) sessionEnded();
}

// Who is signed in: the stored user, its shape, and the only two ways it is written (logout, and
// keepInStep for the sign-in and profile actions of auth.ts, which re-exports what islands use).
// The top bar of every page loads only this module.
import type { ReadableAtom } from 'nanostores';
import { derived, persistentAtom } from './persistent';
import { text } from './shapes';

export interface User {
  id: string;
  phone: string;
  name: string;
  email: string;
  profilePicture: string;
}

/** The storage key of the signed-in user. */
export const USER_KEY = 'user';

/**
 * A stored user: an object with an id (non-empty text, or a number written by older data) and a
 * phone. Self-contained, as the account guard runs its source before the page is parsed.
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
  if (!isStoredUser(value)) return undefined;
  return {
    id: String(value.id),
    phone: value.phone,
    name: text(value.name),
    email: text(value.email),
    profilePicture: text(value.profilePicture),
  };
}

const user = persistentAtom<User | null>(USER_KEY, null, (json) => parseUser(json) ?? null);

/** The signed-in shopper, or null for a visitor. */
export const $user: ReadableAtom<User | null> = user;
export const $isSignedIn = derived(user, (current) => current !== null);

export function logout(): { saved: boolean } {
  return { saved: user.save(null) };
}

/**
 * Makes `next` the current user; it is stored only when `users` was stored too, so that storage
 * never holds a current user that `users` does not know.
 */
export function keepInStep(next: User, usersSaved: boolean): boolean {
  if (usersSaved) return user.save(next);
  user.set(next);
  return false;
}

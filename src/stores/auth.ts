/**
 * The signed-in account as the shop describes it: refreshed from the session, its profile saved,
 * every session ended. Signing in itself is in signIn.ts.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { keepAddressBook } from './addresses.ts';
import {
  $user,
  keepUser,
  parseUser,
  sessionEnded,
  signedOutHere,
  signOutsHere,
  type User,
} from './authState.ts';
import { isRecord } from './shapes.ts';
import { API, askShop, messageOf } from './shop.ts';
import type { OrderNews, ProfilePatch } from '#src/lib/shapes/account.schema.ts';

export {
  $user,
  USER_KEY,
  hasSessionEnded,
  isSigningOut,
  isStoredUser,
  logout,
  type User,
} from './authState.ts';

/** What a shopper reads when the shop cannot be reached. */
export const UNREACHABLE = "We couldn't reach the shop. Check your connection and try again.";

export type { OrderNews };

/** How the account hears of its orders, as the shop last said (not stored: the profile asks). */
const orderNews = atom<OrderNews | null>(null);

/** The account's order news settings; null until the shop has described the account on this page. */
export const $orderNews: ReadableAtom<OrderNews | null> = orderNews;

function keepOrderNews(value: unknown): void {
  if (isRecord(value) && typeof value.sms === 'boolean' && typeof value.email === 'boolean') {
    orderNews.set({ sms: value.sms, email: value.email });
  }
}

const emailConfirmed = atom<boolean | null>(null);

/**
 * Whether the account's email is one it confirmed (order emails go only to such an address); null
 * until the shop has described the account on this page.
 */
export const $emailConfirmed: ReadableAtom<boolean | null> = emailConfirmed;

/** The shop's account answers say whether the address is confirmed. */
function keepAnswer(body: Record<string, unknown>): void {
  keepOrderNews(body.orderNews);
  if (typeof body.emailConfirmed === 'boolean') emailConfirmed.set(body.emailConfirmed);
}

/** The account and address book the shop described, kept as this browser's copies. */
export function keepAccount(body: Record<string, unknown>): { user: User | undefined; saved: boolean } {
  const user = parseUser(body.user);
  if (!user) return { user, saved: false };
  keepAnswer(body);
  const savedUser = keepUser(user);
  const savedBook = keepAddressBook(user.id, body.addresses);
  return { user, saved: savedUser && savedBook };
}

/**
 * Asks the shop who is signed in and keeps its answer: the account and its address book in
 * every browser where the shopper signs in. `signed-out` when the session has ended (here, in
 * another browser, or by "Sign out of all devices"): the copy is gone too.
 */
export async function refreshAccount(): Promise<'signed-in' | 'signed-out' | 'unreachable'> {
  const asked = signOutsHere();
  const answer = await askShop(API.account);
  // Signed out here while the shop answered: the account it describes no longer comes back.
  if (asked !== signOutsHere()) return 'signed-out';
  if (answer?.status === 401) {
    sessionEnded();
    return 'signed-out';
  }
  if (answer?.status !== 200 || !keepAccount(answer.body).user) return 'unreachable';
  return 'signed-in';
}

/** Ends every session of the account, this one included, then signs this browser out. */
export async function logoutEverywhere(): Promise<{ ok: boolean; message: string }> {
  const answer = await askShop(API.sessions, { method: 'DELETE' });
  if (answer?.status === 200 || answer?.status === 401) {
    signedOutHere();
    return { ok: true, message: messageOf(answer, 'Signed out of all devices.') };
  }
  return { ok: false, message: messageOf(answer, UNREACHABLE) };
}

export type SaveProfileResult =
  /** `confirmationSent`: the address is new, and a link to confirm it was sent there. */
  | { ok: true; saved: boolean; confirmationSent: boolean }
  /** `signed-out`: the session ended; `refused`: the shop named what is wrong; `failed`: not reached. */
  | { ok: false; reason: 'signed-out' | 'refused' | 'failed'; message: string };

const SIGNED_OUT: SaveProfileResult = {
  ok: false,
  reason: 'signed-out',
  message: 'Please sign in again and retry.',
};

/** Saves the given profile fields on the shop; the copy takes what the shop kept. */
export async function saveProfile(patch: ProfilePatch): Promise<SaveProfileResult> {
  if (!$user.get()) return SIGNED_OUT;
  const changes: ProfilePatch = {};
  if (patch.name !== undefined) changes.name = patch.name.trim();
  if (patch.email !== undefined) changes.email = patch.email.trim();
  if (patch.profilePicture !== undefined) changes.profilePicture = patch.profilePicture;
  if (patch.orderNews !== undefined) changes.orderNews = patch.orderNews;
  const asked = signOutsHere();
  const answer = await askShop(API.account, { method: 'PATCH', json: changes });
  // Signed out here while the shop answered: the copy stays signed out.
  if (asked !== signOutsHere()) return SIGNED_OUT;
  if (answer?.status === 401) {
    sessionEnded();
    return SIGNED_OUT;
  }
  const user = answer?.status === 200 ? parseUser(answer.body.user) : undefined;
  if (user && answer) {
    keepAnswer(answer.body);
    return { ok: true, saved: keepUser(user), confirmationSent: answer.body.confirmationSent === true };
  }
  return {
    ok: false,
    reason: answer && answer.status < 500 ? 'refused' : 'failed',
    message: messageOf(answer, UNREACHABLE),
  };
}

/** Asks the shop to send the account's unconfirmed email a new confirmation link. */
export async function resendEmailConfirmation(): Promise<{ ok: boolean; message: string }> {
  const answer = await askShop(API.emailConfirmation, { method: 'POST' });
  if (answer?.status === 401) sessionEnded();
  return { ok: answer?.status === 200, message: messageOf(answer, UNREACHABLE) };
}

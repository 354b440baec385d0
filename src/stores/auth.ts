import { atom, type ReadableAtom } from 'nanostores';
import { keepAddressBook } from './addresses.ts';
import { $user, keepUser, parseUser, sessionEnded, signedOutHere, type User } from './authState.ts';
import { persistentAtom } from './persistent.ts';
import { isRecord } from './shapes.ts';
import { API, askShop, messageOf } from './shop.ts';

export {
  $isSignedIn,
  $user,
  USER_KEY,
  hasSessionEnded,
  isSigningOut,
  isStoredUser,
  logout,
  type User,
} from './authState.ts';

/** The phone a code was last sent to, in the shop's form: a code never reaches storage. */
export interface PendingOTP {
  phone: string;
}

/** The spec's demo code, shown as a hint only when the shop says it runs in demo mode. */
export const DEMO_CODE = '123456';
export const CODE_LENGTH = 6;

function parsePending(value: unknown): PendingOTP | null {
  return isRecord(value) && typeof value.phone === 'string' ? { phone: value.phone } : null;
}

const pendingOTP = persistentAtom<PendingOTP | null>('pendingOTP', null, parsePending);

export const $pendingOTP: ReadableAtom<PendingOTP | null> = pendingOTP;

/** The code box is complete: exactly six digits (the Verify OTP button waits for it). */
export function isCodeComplete(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
}

const UNREACHABLE = "We couldn't reach the shop. Check your connection and try again.";

export type RequestCodeResult =
  /** `phone` is the number as the shop writes it; `resendIn` seconds before another code. */
  | { ok: true; phone: string; demo: boolean; resendIn: number }
  /** `retryAfter`: seconds to wait (a code was just sent, or too many were). */
  | { ok: false; reason: 'invalid' | 'wait' | 'failed' | 'storage'; message: string; retryAfter?: number };

/**
 * Asks the shop to text a sign-in code to `phone`. Nothing is sent when this browser cannot keep
 * a sign-in (storage blocked or full): the shopper would get a code they cannot use.
 */
export async function requestCode(phone: string): Promise<RequestCodeResult> {
  if (phone.trim() === '') return { ok: false, reason: 'invalid', message: 'Enter your phone number.' };
  if (!pendingOTP.save({ phone: phone.trim() })) {
    return { ok: false, reason: 'storage', message: 'This browser is not keeping site data.' };
  }
  const answer = await askShop(API.code, { method: 'POST', json: { phone: phone.trim() } });
  const body = answer?.body ?? {};
  if (answer?.status === 200 && body.success === true && typeof body.phone === 'string') {
    pendingOTP.save({ phone: body.phone });
    const resendIn = typeof body.resendIn === 'number' ? body.resendIn : 60;
    return { ok: true, phone: body.phone, demo: body.demo === true, resendIn };
  }
  pendingOTP.save(null);
  const message = messageOf(answer, UNREACHABLE);
  if (answer?.status === 429) {
    const retryAfter = typeof body.retryAfter === 'number' ? body.retryAfter : 60;
    return { ok: false, reason: 'wait', message, retryAfter };
  }
  return { ok: false, reason: answer?.status === 400 ? 'invalid' : 'failed', message };
}

export type VerifyCodeResult =
  | { ok: true; saved: boolean }
  /** `wrong`: try again; `expired` or `ended`: ask for a new code; `failed`: the shop was not reached. */
  | { ok: false; reason: 'wrong' | 'expired' | 'ended' | 'failed'; message: string };

/** How the account hears of its orders, as the shop last said (not stored: the profile asks). */
export interface OrderNews {
  sms: boolean;
  email: boolean;
}

const orderNews = atom<OrderNews | null>(null);

/** The account's order news settings; null until the shop has described the account on this page. */
export const $orderNews: ReadableAtom<OrderNews | null> = orderNews;

function keepOrderNews(value: unknown): void {
  if (isRecord(value) && typeof value.sms === 'boolean' && typeof value.email === 'boolean') {
    orderNews.set({ sms: value.sms, email: value.email });
  }
}

/** The account and address book the shop described, kept as this browser's copies. */
function keepAccount(body: Record<string, unknown>): { user: User | undefined; saved: boolean } {
  const user = parseUser(body.user);
  if (!user) return { user, saved: false };
  keepOrderNews(body.orderNews);
  const savedUser = keepUser(user);
  const savedBook = keepAddressBook(user.id, body.addresses);
  return { user, saved: savedUser && savedBook };
}

/**
 * Asks the shop to check the code: a right one starts a session (its cookie is the shop's to
 * keep) and the account becomes this browser's signed-in user.
 */
export async function verifyCode(phone: string, code: string): Promise<VerifyCodeResult> {
  const answer = await askShop(API.session, {
    method: 'POST',
    json: { phone: phone.trim(), code: code.trim() },
  });
  if (answer?.status === 200 && answer.body.success === true) {
    const { user, saved } = keepAccount(answer.body);
    if (user) {
      pendingOTP.save(null);
      return { ok: true, saved };
    }
  }
  if (!answer || answer.status >= 500) {
    return { ok: false, reason: 'failed', message: messageOf(answer, UNREACHABLE) };
  }
  const reason = answer.body.reason;
  return {
    ok: false,
    reason: reason === 'expired' || reason === 'ended' ? reason : 'wrong',
    message: messageOf(answer, 'Invalid OTP'),
  };
}

/**
 * Asks the shop who is signed in and keeps its answer: the account and its address book in
 * every browser where the shopper signs in. `signed-out` when the session has ended (here, in
 * another browser, or by "Sign out of all devices"): the copy is gone too.
 */
export async function refreshAccount(): Promise<'signed-in' | 'signed-out' | 'unreachable'> {
  const answer = await askShop(API.account);
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

export interface ProfilePatch {
  name?: string;
  email?: string;
  profilePicture?: string;
  orderNews?: Partial<OrderNews>;
}

export type SaveProfileResult =
  | { ok: true; saved: boolean }
  /** `signed-out`: the session ended; `refused`: the shop named what is wrong; `failed`: not reached. */
  | { ok: false; reason: 'signed-out' | 'refused' | 'failed'; message: string };

/** Saves the given profile fields on the shop; the copy takes what the shop kept. */
export async function saveProfile(patch: ProfilePatch): Promise<SaveProfileResult> {
  if (!$user.get()) return { ok: false, reason: 'signed-out', message: 'Please sign in again and retry.' };
  const changes: ProfilePatch = {};
  if (patch.name !== undefined) changes.name = patch.name.trim();
  if (patch.email !== undefined) changes.email = patch.email.trim();
  if (patch.profilePicture !== undefined) changes.profilePicture = patch.profilePicture;
  if (patch.orderNews !== undefined) changes.orderNews = patch.orderNews;
  const answer = await askShop(API.account, { method: 'PATCH', json: changes });
  if (answer?.status === 401) {
    sessionEnded();
    return { ok: false, reason: 'signed-out', message: 'Please sign in again and retry.' };
  }
  const user = answer?.status === 200 ? parseUser(answer.body.user) : undefined;
  if (user) {
    keepOrderNews(answer?.body.orderNews);
    return { ok: true, saved: keepUser(user) };
  }
  return {
    ok: false,
    reason: answer && answer.status < 500 ? 'refused' : 'failed',
    message: messageOf(answer, UNREACHABLE),
  };
}

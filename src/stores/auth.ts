import type { ReadableAtom } from 'nanostores';
import { $user, keepInStep, parseUser, type User } from './authState';
import { persistentAtom, timestampId } from './persistent';
import { isRecord, listOf } from './shapes';

export { $isSignedIn, $user, USER_KEY, isStoredUser, logout, type User } from './authState';

export interface PendingOTP {
  phone: string;
  otp: string;
}

/** The demo one-time code: it is never sent anywhere. */
export const DEMO_CODE = '123456';
export const CODE_LENGTH = 6;

function parsePending(value: unknown): PendingOTP | null {
  if (!isRecord(value) || typeof value.phone !== 'string' || typeof value.otp !== 'string') {
    return null;
  }
  return { phone: value.phone, otp: value.otp };
}

const users = persistentAtom<User[]>('users', [], (json) => listOf(json, parseUser));
const pendingOTP = persistentAtom<PendingOTP | null>('pendingOTP', null, parsePending);

export const $users: ReadableAtom<User[]> = users;
export const $pendingOTP: ReadableAtom<PendingOTP | null> = pendingOTP;

/** The code box is complete: exactly six digits (the Verify OTP button waits for it). */
export function isCodeComplete(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
}

/** Stores the demo code for the phone (trimmed). An empty phone fails. */
export function requestCode(phone: string): { ok: boolean; saved: boolean } {
  const trimmed = phone.trim();
  if (trimmed === '') return { ok: false, saved: false };
  return { ok: true, saved: pendingOTP.save({ phone: trimmed, otp: DEMO_CODE }) };
}

/**
 * Signs in when phone and code match the pending code: the pending code is removed, the user for
 * that phone is created if none exists (id from the timestamp, empty profile) and becomes current.
 */
export function verifyCode(phone: string, code: string): { ok: boolean; saved: boolean } {
  const pending = pendingOTP.get();
  if (!pending || pending.phone !== phone.trim() || pending.otp !== code.trim()) {
    return { ok: false, saved: false };
  }
  const known = users.get();
  let current = known.find((candidate) => candidate.phone === pending.phone);
  let savedUsers = true;
  if (!current) {
    current = {
      id: timestampId(known.map((candidate) => candidate.id)),
      phone: pending.phone,
      name: '',
      email: '',
      profilePicture: '',
    };
    savedUsers = users.save([...known, current]);
  }
  const savedUser = keepInStep(current, savedUsers);
  const savedPending = pendingOTP.save(null);
  return { ok: true, saved: savedUser && savedPending };
}

export interface ProfilePatch {
  name?: string;
  email?: string;
  profilePicture?: string;
}

/**
 * Merges the given fields into the current user and its entry in `users`. `ok` is false when
 * nobody is signed in or the user is not in `users`; `saved` says whether storage took it (a large
 * picture can fill the quota).
 */
export function saveProfile(patch: ProfilePatch): { ok: boolean; saved: boolean } {
  const current = $user.get();
  const known = users.get();
  if (!current || !known.some((candidate) => candidate.id === current.id)) {
    return { ok: false, saved: false };
  }
  const changes: ProfilePatch = {};
  if (patch.name !== undefined) changes.name = patch.name.trim();
  if (patch.email !== undefined) changes.email = patch.email.trim();
  if (patch.profilePicture !== undefined) changes.profilePicture = patch.profilePicture;
  const updated = { ...current, ...changes };
  const savedUsers = users.save(
    known.map((candidate) => (candidate.id === current.id ? { ...candidate, ...changes } : candidate)),
  );
  return { ok: true, saved: keepInStep(updated, savedUsers) };
}

/** `saveProfile` as a yes or no: false when nobody is signed in or the user is not found. */
export function updateProfile(patch: ProfilePatch): boolean {
  return saveProfile(patch).ok;
}

/**
 * Signing in with a phone and a one-time code: the code is asked for, then checked. Apart from
 * the account (auth.ts) so pages that only read who is signed in do not carry the sign-in steps.
 */
import type { ReadableAtom } from 'nanostores';
import { keepAccount, UNREACHABLE } from './auth.ts';
import { persistentAtom } from './persistent.ts';
import { isRecord } from './shapes.ts';
import { API, askShop, messageOf } from './shop.ts';

/** The phone a code was last sent to, in the shop's form: a code never reaches storage. */
export interface PendingOTP {
  phone: string;
}

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

/** What a code field keeps of `text`: digits only, at most six, so a pasted "123 456" is 123456. */
export function codeDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export type RequestCodeResult =
  /**
   * `phone` is the number as the shop writes it (E.164), `shown` as people write it; `demoCode`:
   * the code to hint at, which a demo shop's answer carries (empty otherwise); `resendIn` seconds
   * before another code;
   * `earlier`: no new code, the one sent a moment ago is still good (the shopper changed the
   * number and typed the same one again).
   */
  | { ok: true; phone: string; shown: string; demoCode: string; resendIn: number; earlier: boolean }
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
  const sentTo = (to: string) => {
    pendingOTP.save({ phone: to });
    return {
      phone: to,
      shown: typeof body.phoneDisplay === 'string' ? body.phoneDisplay : to,
      demoCode: typeof body.demoCode === 'string' ? body.demoCode : '',
    };
  };
  if (answer?.status === 200 && body.success === true && typeof body.phone === 'string') {
    const resendIn = typeof body.resendIn === 'number' ? body.resendIn : 60;
    return { ok: true, ...sentTo(body.phone), resendIn, earlier: false };
  }
  const retryAfter = typeof body.retryAfter === 'number' ? body.retryAfter : 60;
  if (answer?.status === 429 && body.reason === 'cooldown' && typeof body.phone === 'string') {
    return { ok: true, ...sentTo(body.phone), resendIn: retryAfter, earlier: true };
  }
  pendingOTP.save(null);
  const message = messageOf(answer, UNREACHABLE);
  if (answer?.status === 429) return { ok: false, reason: 'wait', message, retryAfter };
  return { ok: false, reason: answer?.status === 400 ? 'invalid' : 'failed', message };
}

export type VerifyCodeResult =
  | { ok: true; saved: boolean }
  /**
   * `wrong`: try again; `expired` or `ended`: ask for a new code; `failed`: the shop was not
   * reached, or refused for another reason, which `message` gives.
   */
  | { ok: false; reason: 'wrong' | 'expired' | 'ended' | 'failed'; message: string };

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
  const reason = answer?.body.reason;
  if (reason === 'wrong' || reason === 'expired' || reason === 'ended') {
    return { ok: false, reason, message: messageOf(answer, 'Invalid OTP') };
  }
  // Refused for something else than the code (too many tries from this address, a proxy's page),
  // or not reached: what the shop said, never "Invalid OTP" for a code that may be right.
  return { ok: false, reason: 'failed', message: messageOf(answer, UNREACHABLE) };
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '#src/server/store/types.ts';
import { codeSecret } from './codes.ts';
import { cookieValues, shopCookie } from './sessions.ts';

/** The device cookie's name: this browser signed this phone in before (`__Host-device` over HTTPS). */
const DEVICE = 'device';

/** A year: a browser the owner uses now and then is still theirs. */
const DEVICE_SECONDS = 365 * 86_400;

/** The signature binding a device id to a phone; the cookie never holds the phone itself. */
const signature = (secret: string, id: string, phone: string) =>
  createHmac('sha256', secret).update(`device\n${id}\n${phone}`).digest('base64url');

/**
 * The `Set-Cookie` value that remembers this browser for `phone` (E.164): a random id and its
 * signature with the server's secret, so no one can make one for a phone they never signed in.
 */
export async function deviceCookie(store: Store, phone: string, secure: boolean): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  return shopCookie(DEVICE, `${id}.${signature(await codeSecret(store), id, phone)}`, DEVICE_SECONDS, secure);
}

/**
 * The id of this browser when its device cookie was signed for `phone`; undefined for any other
 * browser (none, a forged one, or one signed for another phone). Its sign-in budgets are its own.
 */
export async function rememberedDevice(
  store: Store,
  cookieHeader: string | null,
  phone: string,
  secure: boolean,
): Promise<string | undefined> {
  const values = cookieValues(cookieHeader, DEVICE, secure);
  if (values.length === 0) return undefined;
  const secret = await codeSecret(store);
  for (const value of values) {
    const [id = '', signed = ''] = value.split('.');
    const expected = Buffer.from(signature(secret, id, phone));
    const given = Buffer.from(signed);
    if (/^[\w-]{22}$/.test(id) && given.length === expected.length && timingSafeEqual(given, expected)) {
      return id;
    }
  }
  return undefined;
}

import type { APIContext, APIRoute } from 'astro';
import { z } from 'astro/zod';
import { answerSafely, jsonEndpoint } from '#src/server/api/endpoint.ts';
import { text } from '#src/lib/shapes/fields.ts';
import { rateLimitFromEnv } from '#src/server/api/rateLimit.ts';
import { reply } from '#src/server/api/respond.ts';
import type { Account, SavedAddress } from '#src/server/store/types.ts';
import { DEMO_CODE } from '#src/lib/demoMode.ts';
import type { AccountAnswer, AnsweredUser, OrderNews } from '#src/lib/shapes/account.schema.ts';
import { checkCode, sendCode } from './codes.ts';
import { deviceCookie, rememberedDevice } from './devices.ts';
import { isSecure, signInFirst } from './index.ts';
import { isLocalRequest } from './local.ts';
import { normalisePhone, phoneFields, whyNotTextable } from './phone.ts';
import { sessionCookie, startSession, tokenHash } from './sessions.ts';

const json = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });

/** The account as the browser keeps it under `user`: a copy for painting, never a credential. */
export function userCopy(account: Account): AnsweredUser {
  return {
    id: account.id,
    ...phoneFields(account.phone),
    name: account.name,
    email: account.email,
    profilePicture: account.picture,
  };
}

/** An address as the API answers it: its phone in E.164, and as people write it (`phoneDisplay`). */
export const addressCopy = <Address extends { phone: string }>(address: Address) => ({
  ...address,
  ...phoneFields(address.phone),
});

/** What the browser keeps of an account after sign-in or a refresh: the user and its addresses. */
export const accountAnswer = (account: Account, addresses: SavedAddress[]): AccountAnswer => ({
  success: true,
  user: userCopy(account),
  orderNews: orderNewsOf(account),
  emailConfirmed: account.emailConfirmed,
  addresses: addresses.map(addressCopy),
});

/** How the account hears of its orders: by text, by email. */
export const orderNewsOf = (account: Account): OrderNews => ({
  sms: account.smsNews,
  email: account.emailNews,
});

const phoneField = text('Phone', 40);
const sendRequest = z.object({ phone: phoneField }, { error: 'Send a JSON object with a phone.' });
const checkRequest = z.object(
  { phone: phoneField, code: z.string({ error: 'Code must be text.' }).trim() },
  { error: 'Send a JSON object with a phone and a code.' },
);

const waitHeaders = (seconds: number) => ({ 'Retry-After': String(seconds) });
const inWords = (seconds: number) =>
  seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;

/** The answer while a phone's wrong guesses are spent: until when, in words and for machines. */
function locked(until: string, now = Date.now()): Response {
  const seconds = Math.max(1, Math.ceil((Date.parse(until) - now) / 1000));
  const at = `${until.slice(0, 16).replace('T', ' ')} UTC`;
  return json(
    429,
    {
      success: false,
      reason: 'locked',
      retryAfter: seconds,
      until,
      message: `Too many wrong codes for this phone: sign-in for it waits until ${at} (in ${inWords(seconds)}).`,
    },
    waitHeaders(seconds),
  );
}

/** Whether the shop is a demo, and a demo's code: the sign-in page hints at the code it is given. */
const demoHint = (demo: boolean) => (demo ? { demo, demoCode: DEMO_CODE } : { demo });

const SEND_UNAVAILABLE = 'Failed to send OTP: sign-in is unavailable right now. Please try again shortly.';

/**
 * The answer of a demo shop to a request from anywhere but its own machine: the demo code is no
 * secret, so it never signs in a request a stranger could make (see `isLocalRequest`).
 */
const notSetUp = (message: string) =>
  json(503, {
    success: false,
    reason: 'not-set-up',
    message: `${message}: sign-in is not set up on this shop yet (it has no way to text codes).`,
  });

/**
 * `POST /api/v1/auth/code` `{ phone }`: sends a sign-in code. The same answer for a phone with an
 * account and one without; 429 with `retryAfter` while the phone must wait; 502 when the SMS
 * provider failed (nothing was kept, so the shopper may ask again at once).
 */
export const sendCodeEndpoint: APIRoute = jsonEndpoint({
  name: 'sign-in-codes',
  schema: sendRequest,
  perMinute: rateLimitFromEnv(),
  unavailable: SEND_UNAVAILABLE,
  async save(input, context) {
    const { store, identity } = context.locals;
    if (identity.settings.demo && !isLocalRequest(context)) return notSetUp('Failed to send OTP');
    const phone = normalisePhone(input.phone);
    if (!phone.ok) return reply(400, false, phone.message);
    const notTextable = whyNotTextable(phone.phone, identity.settings.smsCountries);
    if (notTextable) return reply(400, false, notTextable);
    const device = await rememberedDevice(
      store,
      context.request.headers.get('cookie'),
      phone.phone,
      isSecure(context),
    );
    const outcome = await sendCode({ store, ...identity }, phone.phone, Date.now(), device);
    switch (outcome.kind) {
      case 'locked':
        return locked(outcome.until);
      case 'sent':
        return json(200, {
          success: true,
          message: 'OTP Sent!',
          ...phoneFields(phone.phone),
          resendIn: Math.round(identity.settings.resendMs / 1000),
          ...demoHint(identity.settings.demo),
        });
      case 'wait':
        return json(
          429,
          {
            success: false,
            reason: outcome.reason,
            retryAfter: outcome.seconds,
            // The code sent a moment ago to this phone still works: the page may ask for it.
            ...(outcome.reason === 'cooldown'
              ? { ...phoneFields(phone.phone), ...demoHint(identity.settings.demo) }
              : {}),
            message:
              outcome.reason === 'cooldown'
                ? `A code was just sent. You can ask for a new one in ${inWords(outcome.seconds)}.`
                : `Too many codes for this phone. Please try again in ${inWords(outcome.seconds)}.`,
          },
          waitHeaders(outcome.seconds),
        );
      case 'spent':
        return json(
          503,
          {
            success: false,
            reason: 'spent',
            retryAfter: outcome.seconds,
            message: `Failed to send OTP: the shop cannot text more codes just now. Please try again in ${inWords(outcome.seconds)}.`,
          },
          waitHeaders(outcome.seconds),
        );
      case 'failed':
        return json(502, {
          success: false,
          reason: 'not-sent',
          message: 'Failed to send OTP: the text could not be sent. Please try again.',
        });
    }
  },
});

/**
 * `POST /api/v1/auth/session` `{ phone, code }`: a right code signs in: a new session and its
 * cookie, the device cookie that remembers this browser for the phone, and the account as the
 * browser keeps it. A wrong one counts against the code (five end it) and against the phone (its
 * hourly and daily budgets; then 429 `locked`, saying until when).
 */
export const checkCodeEndpoint: APIRoute = jsonEndpoint({
  name: 'sign-in-checks',
  schema: checkRequest,
  perMinute: 2 * rateLimitFromEnv(),
  unavailable: 'Sign-in is unavailable right now. Please try again shortly.',
  async save(input, context) {
    const { store, identity } = context.locals;
    if (identity.settings.demo && !isLocalRequest(context)) return notSetUp("Couldn't sign you in");
    const phone = normalisePhone(input.phone);
    if (!phone.ok) return reply(400, false, phone.message);
    if (!/^\d{6}$/.test(input.code)) {
      return json(400, { success: false, reason: 'wrong', message: 'Invalid OTP' });
    }
    const secure = isSecure(context);
    const device = await rememberedDevice(store, context.request.headers.get('cookie'), phone.phone, secure);
    const outcome = await checkCode(
      { store, settings: identity.settings },
      phone.phone,
      input.code,
      Date.now(),
      device,
    );
    switch (outcome.kind) {
      case 'locked':
        return locked(outcome.until);
      case 'wrong':
        return json(400, { success: false, reason: 'wrong', message: 'Invalid OTP' });
      case 'expired':
        return json(400, {
          success: false,
          reason: 'expired',
          message: 'This code has expired or was already used. Please ask for a new one.',
        });
      case 'ended':
        return json(429, {
          success: false,
          reason: 'ended',
          message: 'Too many wrong codes: this one no longer works. Please ask for a new one.',
        });
      case 'accepted': {
        const { account } = outcome;
        const session = await startSession(store, account.id, identity.settings.sessionMs);
        const addresses = await store.addresses(account.id);
        const answer = json(200, { ...accountAnswer(account, addresses), message: 'Welcome!' });
        answer.headers.append('Set-Cookie', sessionCookie(session.token, session.expiresAt, secure));
        // This browser is the phone's from now on: its budgets stay its own (see devices.ts).
        answer.headers.append('Set-Cookie', await deviceCookie(store, account.phone, secure));
        return answer;
      }
    }
  },
});

/** Ends this session (`everywhere`: every session of the account) and removes the cookie. */
function signOut(everywhere: boolean): APIRoute {
  return (context: APIContext) =>
    answerSafely(context.url, 'Signing out is unavailable right now. Please try again shortly.', async () => {
      const { store } = context.locals;
      const signedIn = await context.locals.session();
      if (everywhere && !signedIn) return signInFirst();
      if (signedIn && everywhere) await store.endAllSessions(signedIn.account.id);
      else if (signedIn) await store.endSession(tokenHash(signedIn.token));
      return json(
        200,
        { success: true, message: everywhere ? 'Signed out of all devices.' : 'Signed out.' },
        { 'Set-Cookie': sessionCookie(null, null, isSecure(context)) },
      );
    });
}

/**
 * `GET /api/v1/auth/session`: whether this browser's session is live, for the top bar to check
 * its stored copy of the account against on each page (after the page is drawn, never holding it
 * back). 401, and the cookie removed, once it has ended: here, elsewhere or everywhere.
 */
export const sessionStatusEndpoint: APIRoute = (context: APIContext) =>
  answerSafely(context.url, 'Sign-in is unavailable right now. Please try again shortly.', async () => {
    if (await context.locals.session()) return json(200, { success: true, signedIn: true });
    const ended = signInFirst();
    ended.headers.append('Set-Cookie', sessionCookie(null, null, isSecure(context)));
    return ended;
  });

/** `DELETE /api/v1/auth/session`: this browser signs out (a request without a session is fine too). */
export const logoutEndpoint = signOut(false);
/** `DELETE /api/v1/auth/sessions`: every browser of the account signs out. */
export const logoutEverywhereEndpoint = signOut(true);

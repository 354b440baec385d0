import type { APIRoute } from 'astro';
import { z } from 'astro/zod';
import { accountEndpoint, signedInEndpoint } from '#src/server/api/endpoint.ts';
import { addressFields } from '#src/lib/shapes/address.schema.ts';
import { profileChanges } from '#src/lib/shapes/account.schema.ts';
import { normalisePhone, phoneFields } from '#src/server/identity/phone.ts';
import { PROFILE_BODY_LIMIT_BYTES } from '#src/server/api/limits.ts';
import { MAX_PICTURE_CHARS } from '#src/lib/profilePicture.ts';
import { createRateLimiter, rateLimitFromEnv } from '#src/server/api/rateLimit.ts';
import { clientOf } from '#src/server/api/client.ts';
import { reply } from '#src/server/api/respond.ts';
import { accountAnswer, addressCopy, orderNewsOf, userCopy } from '#src/server/identity/api.ts';
import { signInFirst } from '#src/server/identity/index.ts';
import { askToConfirm } from './emailConfirmation.ts';

/** The most addresses one account keeps. */
const MAX_ADDRESSES = 50;

const UNAVAILABLE = 'Your account is unavailable right now. Please try again shortly.';

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/** The first bytes of each picture type a profile may hold. */
const PICTURE_SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  'image/gif': (b) => b.toString('latin1', 0, 4) === 'GIF8',
};

const BAD_PICTURE = `Profile picture must be a PNG, JPEG, WebP or GIF image of at most ${MAX_PICTURE_CHARS / 1024} KB.`;

/** A picture as the profile stores it: a base64 data URL of an image whose bytes say it is one. */
function isPicture(value: string): boolean {
  if (value === '') return true;
  if (value.length > MAX_PICTURE_CHARS) return false;
  const match = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/]+={0,2})$/.exec(value);
  const looksRight = match?.[1] ? PICTURE_SIGNATURES[match[1]] : undefined;
  return Boolean(looksRight && match?.[2] && looksRight(Buffer.from(match[2], 'base64')));
}

/** The profile's changes, the picture's bytes checked here (its signatures are the server's to read). */
const checkedProfileChanges = profileChanges.extend({
  profilePicture: z.string({ error: BAD_PICTURE }).refine(isPicture, BAD_PICTURE).optional(),
});

/** An address posted to the book, its phone checked here (phones are the server's to read). */
const postedAddress = addressFields
  // The delivery contact: optional, but a number the courier could call when given.
  .superRefine(({ phone }, context) => {
    const checked = phone === '' ? undefined : normalisePhone(phone);
    if (checked && !checked.ok) {
      context.addIssue({ code: 'custom', path: ['phone'], message: `Phone: ${checked.message}` });
    }
  })
  // Kept in E.164, as every phone is: pages show it as people write it.
  .transform((address) => ({ ...address, phone: phoneFields(address.phone).phone }));

/** Runs `work` for the signed-in shopper; 401 without a session, 503 when the database is down. */
const forAccount = (work: Parameters<typeof signedInEndpoint>[1]) => signedInEndpoint(UNAVAILABLE, work);

/** `GET /api/v1/account`: the signed-in account and its address book. */
export const readAccount: APIRoute = forAccount(async ({ account }, { locals }) =>
  json(200, accountAnswer(account, await locals.store.addresses(account.id))),
);

/** `PATCH /api/v1/account` `{ name?, email?, profilePicture? }`: the fields given are saved. */
export const updateProfile: APIRoute = accountEndpoint({
  name: 'profile-changes',
  schema: checkedProfileChanges,
  perMinute: 6 * rateLimitFromEnv(),
  bodyLimit: PROFILE_BODY_LIMIT_BYTES,
  unavailable: UNAVAILABLE,
  async save(input, { locals }, signedIn) {
    const { profilePicture, orderNews, ...rest } = input;
    const updated = await locals.store.updateProfile(signedIn.account.id, {
      ...rest,
      picture: profilePicture,
      smsNews: orderNews?.sms,
      emailNews: orderNews?.email,
    });
    if (!updated) return signInFirst();
    // A new address is asked to confirm itself before any order email goes to it.
    const asked = updated.email !== signedIn.account.email && (await askToConfirm(locals.store, updated));
    return json(200, {
      success: true,
      message: 'Profile updated successfully!',
      user: userCopy(updated),
      orderNews: orderNewsOf(updated),
      emailConfirmed: updated.emailConfirmed,
      ...(asked ? { confirmationSent: true } : {}),
    });
  },
});

const confirmationsPerClient = createRateLimiter({
  name: 'email-confirmations-client',
  limit: rateLimitFromEnv(),
  windowMs: 60_000,
});

const tooManyConfirmations = (seconds: number) =>
  reply(429, false, 'Too many links asked for: please wait and try again.', {
    'Retry-After': String(seconds),
  });

const confirmationsPerAccount = createRateLimiter({
  name: 'email-confirmations',
  limit: 5,
  windowMs: 3_600_000,
});

/**
 * `POST /api/v1/account/email-confirmation`: sends the account's unconfirmed address a new
 * confirmation link (5 an hour an account, beside the client's limit); 409 when there is no
 * address to confirm.
 */
export const resendConfirmation: APIRoute = async (context) => {
  const shared = { shared: context.locals.store.sharedLimits };
  const client = await confirmationsPerClient.hit(clientOf(context), shared);
  if (!client.allowed) return tooManyConfirmations(client.retryAfterSeconds);
  return forAccount(async ({ account }, { locals }) => {
    const own = await confirmationsPerAccount.hit(`account:${account.id}`, shared);
    if (!own.allowed) return tooManyConfirmations(own.retryAfterSeconds);
    if (account.email === '') return reply(409, false, 'Add an email address to your profile first.');
    if (account.emailConfirmed) return reply(409, false, `${account.email} is confirmed already.`);
    if (!(await askToConfirm(locals.store, account))) return signInFirst();
    return reply(200, true, `We sent a new link to ${account.email}.`);
  })(context);
};

/** `POST /api/v1/account/addresses`: a new address at the end of the book (at most 50). */
export const addAddress: APIRoute = accountEndpoint({
  name: 'address-changes',
  schema: postedAddress,
  perMinute: 6 * rateLimitFromEnv(),
  unavailable: UNAVAILABLE,
  async save(input, { locals }, signedIn) {
    const added = await locals.store.addAddress(signedIn.account.id, input, MAX_ADDRESSES);
    if (added === 'full') {
      return reply(
        400,
        false,
        `Addresses: your address book is full (${MAX_ADDRESSES} addresses). Remove one to add another.`,
      );
    }
    return json(201, { success: true, message: 'Address added successfully', address: addressCopy(added) });
  },
});

/** `DELETE /api/v1/account/addresses/{id}`: removes one of the account's addresses. */
export const removeAddress: APIRoute = forAccount(async ({ account }, { locals, params }) => {
  const removed = await locals.store.removeAddress(account.id, String(params['id'] ?? ''));
  return removed
    ? reply(200, true, 'Address removed')
    : reply(404, false, 'There is no such address in your address book.');
});

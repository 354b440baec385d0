import type { APIContext, APIRoute } from 'astro';
import type { z } from 'astro/zod';
import { signInFirst, type SignedIn } from '#src/server/identity/index.ts';
import { isStoreUnavailable } from '#src/server/store/types.ts';
import { readJsonBody } from './body.ts';
import { clientOf } from './client.ts';
import { createRateLimiter, rateLimitFromEnv } from './rateLimit.ts';
import { refuse, reply } from './respond.ts';

interface JsonEndpoint<Input, Shopper> {
  /** The endpoint's own rate-limit bucket (see `createRateLimiter`). */
  name: string;
  /** Validates the parsed body; its messages are what the shopper reads. */
  schema: z.ZodType<Input>;
  /** Stores valid input and answers (for the signed-in shopper, on an account endpoint). */
  save: (input: Input, context: APIContext, shopper: Shopper) => Promise<Response>;
  /** How many requests a minute one client may send (default `RATE_LIMIT_PER_MINUTE`). */
  perMinute?: number;
  /** One schema issue as the client reads it (default: its message). */
  describe?: (issue: z.core.$ZodIssue) => string;
  /** The 503 message when the database is down. */
  unavailable: string;
  /** The largest body it reads (default 16 KB). */
  bodyLimit?: number;
}

/**
 * Runs an endpoint's work and turns a failure into the API's answer: 503 with `unavailable`
 * when the database is down, 500 otherwise; never a stack trace.
 */
export async function answerSafely(
  url: URL,
  unavailable: string,
  work: () => Promise<Response>,
): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[api] ${url.pathname} failed: ${reason}`);
    if (isStoreUnavailable(error)) return reply(503, false, unavailable, { 'Retry-After': '30' });
    return reply(500, false, 'Something went wrong on our side. Please try again later.');
  }
}

/** A read or bodiless change for the signed-in shopper: 401 without a session, 503 when the database is down. */
export function signedInEndpoint(
  unavailable: string,
  work: (signedIn: SignedIn, context: APIContext) => Promise<Response>,
): APIRoute {
  return (context) =>
    answerSafely(context.url, unavailable, async () => {
      const signedIn = await context.locals.session();
      return signedIn ? work(signedIn, context) : signInFirst();
    });
}

/**
 * A hardened JSON endpoint: rate limit (429), content type (415), body size (413), JSON
 * and schema (400), then the store (503 when it is down). Foreign origins are refused earlier,
 * by the middleware (403); other methods by the route's `ALL` export (405).
 */
export function jsonEndpoint<Input>(options: JsonEndpoint<Input, undefined>): APIRoute {
  return hardened(options, false);
}

/** A JSON endpoint for the signed-in shopper: without a session, 401 before the body is read. */
export function accountEndpoint<Input>(options: JsonEndpoint<Input, SignedIn>): APIRoute {
  return hardened(options, true);
}

function hardened<Input, Shopper extends SignedIn | undefined>(
  {
    name,
    schema,
    save,
    unavailable,
    perMinute = rateLimitFromEnv(),
    describe = (issue) => issue.message,
    bodyLimit,
  }: JsonEndpoint<Input, Shopper>,
  needsSession: boolean,
): APIRoute {
  const limiter = createRateLimiter({ name, limit: perMinute, windowMs: 60_000 });
  const tooMany = (retryAfterSeconds: number) =>
    refuse(429, 'Too many requests: please wait a minute and try again.', {
      'Retry-After': String(retryAfterSeconds),
    });

  return async (context) => {
    const shared = { shared: context.locals.store.sharedLimits };
    const verdict = await limiter.hit(clientOf(context), shared);
    if (!verdict.allowed) return tooMany(verdict.retryAfterSeconds);
    return answerSafely(context.url, unavailable, async () => {
      const shopper = needsSession ? await context.locals.session() : undefined;
      if (needsSession && !shopper) return signInFirst();
      // A shopper's own limit too: one account spread over many addresses counts once.
      const own = shopper ? await limiter.hit(`account:${shopper.account.id}`, shared) : verdict;
      if (!own.allowed) return tooMany(own.retryAfterSeconds);
      const body = await readJsonBody(context.request, bodyLimit);
      if (!body.ok) return body.response;
      const parsed = schema.safeParse(body.value);
      if (!parsed.success) return reply(400, false, parsed.error.issues.map(describe).join(' '));
      // `shopper` is a session exactly when `needsSession` asked for one.
      return save(parsed.data, context, shopper as Shopper);
    });
  };
}

import type { APIRoute } from 'astro';
import type { z } from 'astro/zod';
import { isStoreUnavailable, type Store } from '../store/types.ts';
import { readJsonBody } from './body.ts';
import { clientOf } from './client.ts';
import { createRateLimiter, rateLimitFromEnv } from './rateLimit.ts';
import { refuse, reply } from './respond.ts';

interface JsonEndpoint<Input> {
  /** The endpoint's own rate-limit bucket (see `createRateLimiter`). */
  name: string;
  /** Validates the parsed body; its messages are what the shopper reads. */
  schema: z.ZodType<Input>;
  /** Stores valid input and answers; `request` is there for its headers. */
  save: (input: Input, store: Store, request: Request) => Promise<Response>;
  /** How many requests a minute one client may send (default `RATE_LIMIT_PER_MINUTE`). */
  perMinute?: number;
  /** One schema issue as the client reads it (default: its message). */
  describe?: (issue: z.core.$ZodIssue) => string;
  /** The 503 message when the database is down. */
  unavailable: string;
}

/**
 * A hardened JSON POST endpoint: rate limit (429), content type (415), body size (413), JSON
 * and schema (400), then the store (503 when it is down). Foreign origins are refused earlier,
 * by the middleware (403); other methods by the route's `ALL` export (405).
 */
export function jsonEndpoint<Input>({
  name,
  schema,
  save,
  unavailable,
  perMinute = rateLimitFromEnv(),
  describe = (issue) => issue.message,
}: JsonEndpoint<Input>): APIRoute {
  const limiter = createRateLimiter({ name, limit: perMinute, windowMs: 60_000 });

  return async ({ request, clientAddress, locals, url }) => {
    const verdict = await limiter.hit(clientOf({ clientAddress, locals }), {
      shared: locals.store.sharedLimits,
    });
    if (!verdict.allowed) {
      return refuse(429, 'Too many requests: please wait a minute and try again.', {
        'Retry-After': String(verdict.retryAfterSeconds),
      });
    }
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = schema.safeParse(body.value);
    if (!parsed.success) return reply(400, false, parsed.error.issues.map(describe).join(' '));
    try {
      return await save(parsed.data, locals.store, request);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`[api] ${url.pathname} failed: ${reason}`);
      if (isStoreUnavailable(error)) return reply(503, false, unavailable, { 'Retry-After': '30' });
      return reply(500, false, 'Something went wrong on our side. Please try again later.');
    }
  };
}

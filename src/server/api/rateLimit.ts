import { wholeNumberSetting } from '#src/server/envSettings.ts';
import type { SharedLimits } from '#src/server/store/types.ts';

/**
 * A limit of requests per client and window. With `shared` counts (the store's, on PostgreSQL)
 * every server process counts against the same limit; without them (SQLite, one process), or
 * while the database cannot count, this process counts in its own memory.
 */
export interface RateLimiter {
  /** Counts one request from `key`; when over the limit, says how many seconds to wait. */
  hit(key: string, options?: { shared?: SharedLimits | undefined; now?: number }): Promise<RateVerdict>;
}

type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * `name` is the limit's bucket in shared counts, so that two endpoints never count each other's
 * requests. In memory it is a sliding window of request times; shared, it is the count of the
 * current fixed window plus the previous one's weighted by how much of it still overlaps the
 * last `windowMs` (two numbers a client instead of a list of times).
 */
export function createRateLimiter({
  name,
  limit,
  windowMs,
}: {
  name: string;
  limit: number;
  windowMs: number;
}): RateLimiter {
  const hits = new Map<string, number[]>();
  let lastSweep = 0;
  let sharedFailing = false;

  function sweep(now: number) {
    // Drop idle clients now and then so the map cannot grow without bound.
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, times] of hits) {
      if (times.every((time) => now - time >= windowMs)) hits.delete(key);
    }
  }

  function hitInMemory(key: string, now: number): RateVerdict {
    sweep(now);
    const recent = (hits.get(key) ?? []).filter((time) => now - time < windowMs);
    if (recent.length >= limit) {
      hits.set(key, recent);
      const oldest = recent[0] ?? now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
    }
    recent.push(now);
    hits.set(key, recent);
    return { allowed: true };
  }

  async function hitShared(shared: SharedLimits, key: string, now: number): Promise<RateVerdict> {
    const { current, previous } = await shared.count(name, key, windowMs, now);
    const intoWindow = now % windowMs;
    const weighted = current + previous * (1 - intoWindow / windowMs);
    if (weighted <= limit) return { allowed: true };
    // Refused requests count too, so a client that keeps knocking stays out until it stops.
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowMs - intoWindow) / 1000)) };
  }

  return {
    async hit(key, { shared, now = Date.now() } = {}) {
      if (!shared) return hitInMemory(key, now);
      try {
        const verdict = await hitShared(shared, key, now);
        sharedFailing = false;
        return verdict;
      } catch (error) {
        if (!sharedFailing) {
          const reason = error instanceof Error ? error.message : String(error);
          console.error(`[limits] ${name}: counting in this process's memory while ${reason}`);
        }
        sharedFailing = true;
        return hitInMemory(key, now);
      }
    },
  };
}

/** Messages a minute one client may send to each endpoint: `RATE_LIMIT_PER_MINUTE`, default 5, from 1. */
export function rateLimitFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return wholeNumberSetting(env, 'RATE_LIMIT_PER_MINUTE', 5, 1);
}

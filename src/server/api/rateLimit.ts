/**
 * A sliding-window limit per client, kept in this process's memory: with several server
 * processes each counts on its own (see the README on scaling out).
 */
export interface RateLimiter {
  /** Counts one request from `key`; when over the limit, says how many seconds to wait. */
  hit(key: string, now?: number): Promise<RateVerdict>;
}

type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }): RateLimiter {
  const hits = new Map<string, number[]>();
  let lastSweep = 0;

  function sweep(now: number) {
    // Drop idle clients now and then so the map cannot grow without bound.
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, times] of hits) {
      if (times.every((time) => now - time >= windowMs)) hits.delete(key);
    }
  }

  return {
    async hit(key, now = Date.now()) {
      sweep(now);
      const recent = (hits.get(key) ?? []).filter((time) => now - time < windowMs);
      if (recent.length >= limit) {
        hits.set(key, recent);
        const oldest = recent[0] ?? now;
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
        };
      }
      recent.push(now);
      hits.set(key, recent);
      return { allowed: true };
    },
  };
}

/** Messages a minute one client may send to each endpoint: `RATE_LIMIT_PER_MINUTE`, default 5. */
export function rateLimitFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env['RATE_LIMIT_PER_MINUTE']);
  return Number.isInteger(configured) && configured > 0 ? configured : 5;
}

import { demoModeFrom } from '#src/lib/demoMode.ts';
import { rateLimitFromEnv } from '#src/server/api/rateLimit.ts';

/** How sign-in behaves; every number is an environment variable documented in the README. */
export interface AuthSettings {
  /** The fixed demo code instead of a random one (see src/lib/demoMode.ts). */
  demo: boolean;
  codeTtlMs: number;
  /** Wrong checks that end a code. */
  maxAttempts: number;
  /** No new code for a phone within this long of the last one. */
  resendMs: number;
  /** At most this many codes to one phone in `sendWindowMs`. */
  sendsPerWindow: number;
  sendWindowMs: number;
  sessionMs: number;
  /** Codes one client address may ask for, and check, in a minute. */
  sendsPerMinute: number;
  checksPerMinute: number;
}

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** The settings of this process; throws when a public shop has no way to send codes. */
export function authSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): AuthSettings {
  const mode = demoModeFrom(env);
  if ('error' in mode) throw new Error(mode.error);
  const perMinute = rateLimitFromEnv(env);
  return {
    demo: mode.demo,
    codeTtlMs: positive(env['AUTH_CODE_TTL_SECONDS'], 600) * 1000,
    maxAttempts: positive(env['AUTH_CODE_MAX_ATTEMPTS'], 5),
    resendMs: positive(env['AUTH_RESEND_SECONDS'], 60) * 1000,
    sendsPerWindow: positive(env['AUTH_SENDS_PER_PHONE'], 5),
    sendWindowMs: positive(env['AUTH_SEND_WINDOW_SECONDS'], 600) * 1000,
    sessionMs: positive(env['SESSION_DAYS'], 30) * 86_400_000,
    sendsPerMinute: perMinute,
    checksPerMinute: 2 * perMinute,
  };
}

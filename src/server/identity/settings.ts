import { demoModeFrom } from '#src/lib/demoMode.ts';
import { rateLimitFromEnv } from '#src/server/api/rateLimit.ts';
import { wholeNumberSetting } from '#src/server/envSettings.ts';
import type { GuessBudget } from '#src/server/store/types.ts';
import { defaultCountryCode, smsCountriesFromEnv } from './phone.ts';

/** How sign-in behaves; every number is an environment variable documented in the README. */
export interface AuthSettings {
  /** The fixed demo code instead of a random one (see src/lib/demoMode.ts). */
  demo: boolean;
  codeTtlMs: number;
  /** Wrong checks that end a code. */
  maxAttempts: number;
  /** Wrong checks a phone may make across its codes: in an hour, in a day. */
  guessBudgets: readonly GuessBudget[];
  /** No new code for a phone within this long of the last one. */
  resendMs: number;
  /** At most this many codes to one phone in `sendWindowMs`. */
  sendsPerWindow: number;
  sendWindowMs: number;
  sessionMs: number;
  /** The countries (ISO 3166 codes) whose mobile phones codes are texted to. */
  smsCountries: ReadonlySet<string>;
  /** Codes the whole shop texts in an hour: past it, none until the hour frees, and the merchant is told. */
  textsPerHour: number;
  /** Codes one client address may ask for, and check, in a minute. */
  sendsPerMinute: number;
  checksPerMinute: number;
}

/** A setting from 1 up, `fallback` when unset (0 would turn a limit off or end every code at once). */
const positive = (env: NodeJS.ProcessEnv, name: string, fallback: number, max?: number) =>
  wholeNumberSetting(env, name, fallback, 1, max);

/** The settings of this process; throws, naming it, when a setting cannot work or a public shop could not send codes. */
export function authSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): AuthSettings {
  const mode = demoModeFrom(env);
  if ('error' in mode) throw new Error(mode.error);
  const perMinute = rateLimitFromEnv(env);
  // normalisePhone reads it again for each phone; read here too, so that a bad one stops the start.
  defaultCountryCode(env);
  return {
    demo: mode.demo,
    codeTtlMs: positive(env, 'AUTH_CODE_TTL_SECONDS', 600) * 1000,
    maxAttempts: positive(env, 'AUTH_CODE_MAX_ATTEMPTS', 5),
    guessBudgets: [
      { windowMs: 3_600_000, max: positive(env, 'AUTH_WRONG_PER_HOUR', 10) },
      { windowMs: 86_400_000, max: positive(env, 'AUTH_WRONG_PER_DAY', 20) },
    ],
    resendMs: positive(env, 'AUTH_RESEND_SECONDS', 60) * 1000,
    sendsPerWindow: positive(env, 'AUTH_SENDS_PER_PHONE', 5),
    sendWindowMs: positive(env, 'AUTH_SEND_WINDOW_SECONDS', 600) * 1000,
    // At most a century: a session's end must stay a date JavaScript can write.
    sessionMs: positive(env, 'SESSION_DAYS', 30, 36_500) * 86_400_000,
    smsCountries: smsCountriesFromEnv(env),
    textsPerHour: positive(env, 'AUTH_TEXTS_PER_HOUR', 300),
    sendsPerMinute: perMinute,
    checksPerMinute: 2 * perMinute,
  };
}

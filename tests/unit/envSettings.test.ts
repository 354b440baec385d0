import { describe, expect, it } from 'vitest';
import { authSettingsFromEnv } from '#src/server/identity/settings.ts';
import { httpSmsSettingsFromEnv } from '#src/server/messages/sms.ts';
import { wholeNumberSetting } from '#src/server/envSettings.ts';

describe('wholeNumberSetting', () => {
  it('is the fallback when unset or empty, the number when it is a whole number in range', () => {
    expect(wholeNumberSetting({}, 'N', 7)).toBe(7);
    expect(wholeNumberSetting({ N: '' }, 'N', 7)).toBe(7);
    expect(wholeNumberSetting({ N: '0' }, 'N', 7)).toBe(0);
    expect(wholeNumberSetting({ N: '42' }, 'N', 7, 1, 100)).toBe(42);
  });

  it('throws, naming the setting, the range and the value, on anything else', () => {
    for (const value of ['abc', '-5', '2.5', '1e3', '0x10', '101']) {
      expect(() => wholeNumberSetting({ N: value }, 'N', 7, 1, 100), value).toThrow(
        `N must be a whole number from 1 to 100, not "${value}".`,
      );
    }
    expect(() => wholeNumberSetting({ N: '0' }, 'N', 7, 1)).toThrow(/^N must be a whole number from 1 to/);
  });
});

describe('numeric settings of sign-in and texts', () => {
  const NAMES = [
    'RATE_LIMIT_PER_MINUTE',
    'SESSION_DAYS',
    'AUTH_CODE_TTL_SECONDS',
    'AUTH_CODE_MAX_ATTEMPTS',
    'AUTH_RESEND_SECONDS',
    'AUTH_SENDS_PER_PHONE',
    'AUTH_SEND_WINDOW_SECONDS',
  ];

  it('keep their defaults when unset, take a positive whole number, refuse 0, a negative number or a word', () => {
    expect(authSettingsFromEnv({})).toMatchObject({
      codeTtlMs: 600_000,
      maxAttempts: 5,
      resendMs: 60_000,
      sendsPerWindow: 5,
      sendWindowMs: 600_000,
      sessionMs: 30 * 86_400_000,
      sendsPerMinute: 5,
    });
    const all = Object.fromEntries(NAMES.map((name) => [name, '9']));
    expect(authSettingsFromEnv(all)).toMatchObject({
      codeTtlMs: 9000,
      maxAttempts: 9,
      resendMs: 9000,
      sendsPerWindow: 9,
      sendWindowMs: 9000,
      sessionMs: 9 * 86_400_000,
      sendsPerMinute: 9,
    });
    for (const name of NAMES) {
      for (const value of ['0', '-5', 'abc']) {
        expect(() => authSettingsFromEnv({ [name]: value }), `${name}=${value}`).toThrow(
          new RegExp(`^${name} must be a whole number from 1 to \\d+, not "${value}"\\.$`),
        );
      }
    }
  });

  it('SMS_TIMEOUT_MS: 10 s by default, refused when not a positive whole number, provider or not', () => {
    const provider = { SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 't', SMS_FROM: '+15550100' };
    expect(httpSmsSettingsFromEnv(provider)?.timeoutMs).toBe(10_000);
    expect(httpSmsSettingsFromEnv({ ...provider, SMS_TIMEOUT_MS: '2500' })?.timeoutMs).toBe(2500);
    for (const env of [{ SMS_TIMEOUT_MS: 'abc' }, { ...provider, SMS_TIMEOUT_MS: '0' }]) {
      expect(() => httpSmsSettingsFromEnv(env)).toThrow(/^SMS_TIMEOUT_MS must be a whole number from 1 to/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { configFromEnv } from '#src/server/http/config.ts';
import { authSettingsFromEnv } from '#src/server/identity/settings.ts';
import { emailSenderFromEnv } from '#src/server/messages/email.ts';
import { httpSmsSettingsFromEnv } from '#src/server/messages/sms.ts';
import { urlSetting, wholeNumberSetting } from '#src/server/envSettings.ts';

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

describe('urlSetting', () => {
  const WEB = ['http:', 'https:'];

  it('is undefined when unset or empty, the URL when its scheme is one given', () => {
    expect(urlSetting({}, 'U', WEB, 'https://x.example')).toBeUndefined();
    expect(urlSetting({ U: '' }, 'U', WEB, 'https://x.example')).toBeUndefined();
    expect(urlSetting({ U: 'http://127.0.0.1:8080' }, 'U', WEB, 'https://x.example')).toBe(
      'http://127.0.0.1:8080',
    );
  });

  it('throws, naming the setting, the schemes and an example, and never the value (it may hold a password)', () => {
    for (const value of ['notaurl', 'ftp://x.example', 'smtp://user:secret@host']) {
      const read = () => urlSetting({ U: value }, 'U', WEB, 'https://x.example');
      expect(read, value).toThrow('U must be an http:// or https:// URL, such as https://x.example.');
      expect(read, value).not.toThrow(/secret/);
    }
  });
});

describe('URL settings', () => {
  it('SITE_URL: an http:// or https:// URL', () => {
    expect(() => configFromEnv({ SITE_URL: 'https://shop.example' })).not.toThrow();
    for (const value of ['notaurl', 'ftp://x.example']) {
      expect(() => configFromEnv({ SITE_URL: value }), value).toThrow(
        'SITE_URL must be an http:// or https:// URL, such as https://shop.example.',
      );
    }
  });

  it('SMTP_URL: an smtp:// or smtps:// URL', () => {
    expect(emailSenderFromEnv({ SMTP_URL: 'smtps://user:pass@mail.example:465' }).name).toBe('smtp');
    for (const value of ['notaurl', 'http://127.0.0.1:2525']) {
      expect(() => emailSenderFromEnv({ SMTP_URL: value }), value).toThrow(
        'SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:pass@host:587.',
      );
    }
  });

  it("SMS_API_URL: an http:// or https:// URL, Twilio's by default", () => {
    const provider = { SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 't', SMS_FROM: '+15550100' };
    expect(httpSmsSettingsFromEnv(provider)?.apiUrl).toBe('https://api.twilio.com');
    expect(httpSmsSettingsFromEnv({ ...provider, SMS_API_URL: 'http://127.0.0.1:9' })?.apiUrl).toBe(
      'http://127.0.0.1:9',
    );
    expect(() => httpSmsSettingsFromEnv({ ...provider, SMS_API_URL: 'notaurl' })).toThrow(
      'SMS_API_URL must be an http:// or https:// URL, such as https://api.twilio.com.',
    );
  });
});

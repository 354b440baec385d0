import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('SERVER_CERT_PATH and SERVER_KEY_PATH', () => {
  let dir: string;
  const file = (name: string) => join(dir, name);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'shop-tls-'));
    for (const pair of ['a', 'b']) {
      execFileSync(
        'openssl',
        [
          ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
          ...['-keyout', file(`${pair}.key`), '-out', file(`${pair}.crt`)],
        ],
        { stdio: 'ignore' },
      );
    }
    writeFileSync(file('notes.txt'), 'not a certificate\n');
    // Unreadable whoever runs the tests (root reads a file of mode 000).
    mkdirSync(file('folder.crt'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const tls = (cert?: string, key?: string) => () =>
    configFromEnv({
      ...(cert ? { SERVER_CERT_PATH: file(cert) } : {}),
      ...(key ? { SERVER_KEY_PATH: file(key) } : {}),
    }).tls;

  it('serve HTTP when neither is set, HTTPS with the pair read at start', () => {
    expect(tls()()).toBeUndefined();
    expect(tls('a.crt', 'a.key')()?.cert.toString()).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });

  it('refuse one without the other, naming both', () => {
    expect(tls('a.crt')).toThrow(
      'SERVER_CERT_PATH is set without SERVER_KEY_PATH: set both to serve HTTPS, or neither for HTTP.',
    );
    expect(tls(undefined, 'a.key')).toThrow(/^SERVER_KEY_PATH is set without SERVER_CERT_PATH/);
  });

  it('refuse a file missing, unreadable or not PEM, and a key of another certificate, naming the variable', () => {
    expect(tls('missing.crt', 'a.key')).toThrow(
      `SERVER_CERT_PATH: cannot read ${file('missing.crt')} (ENOENT)`,
    );
    expect(tls('folder.crt', 'a.key')).toThrow(
      `SERVER_CERT_PATH: cannot read ${file('folder.crt')} (EISDIR)`,
    );
    expect(tls('notes.txt', 'a.key')).toThrow(
      `SERVER_CERT_PATH: ${file('notes.txt')} is not a PEM certificate`,
    );
    expect(tls('a.crt', 'a.crt')).toThrow(`SERVER_KEY_PATH: ${file('a.crt')} is not a PEM private key`);
    expect(tls('a.crt', 'b.key')).toThrow(
      `SERVER_KEY_PATH: ${file('b.key')} is not the key of the certificate in ${file('a.crt')}`,
    );
  });
});

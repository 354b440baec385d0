import { describe, expect, it, vi } from 'vitest';
import { readJsonBody } from '#src/server/api/body.ts';
import { clientOf } from '#src/server/api/client.ts';
import { email, optionalText, text } from '#src/lib/shapes/fields.ts';
import { isCrossSiteWrite } from '#src/server/api/origin.ts';
import { createRateLimiter, rateLimitFromEnv } from '#src/server/api/rateLimit.ts';
import type { SharedLimits } from '#src/server/store/types.ts';
import { mapLinks, telHref } from '#src/lib/contact.ts';

describe('the rate limiter', () => {
  it('lets a client send the limit in a minute, then says how long to wait', async () => {
    const limiter = createRateLimiter({ name: 'test', limit: 2, windowMs: 60_000 });
    expect(await limiter.hit('a', { now: 0 })).toEqual({ allowed: true });
    expect(await limiter.hit('a', { now: 10_000 })).toEqual({ allowed: true });
    expect(await limiter.hit('a', { now: 20_000 })).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(await limiter.hit('b', { now: 20_000 })).toEqual({ allowed: true });
    expect(await limiter.hit('a', { now: 60_000 })).toEqual({ allowed: true });
  });

  it('with shared counts, weighs the previous window by how much of it is still recent', async () => {
    const windows = new Map<string, number>();
    const shared: SharedLimits = {
      async count(bucket, client, windowMs, now) {
        const start = now - (now % windowMs);
        const key = (at: number) => `${bucket} ${client} ${at}`;
        windows.set(key(start), (windows.get(key(start)) ?? 0) + 1);
        return { current: windows.get(key(start)) ?? 0, previous: windows.get(key(start - windowMs)) ?? 0 };
      },
    };
    const limiter = createRateLimiter({ name: 'test', limit: 2, windowMs: 60_000 });
    expect(await limiter.hit('a', { shared, now: 50_000 })).toEqual({ allowed: true });
    expect(await limiter.hit('a', { shared, now: 55_000 })).toEqual({ allowed: true });
    expect(await limiter.hit('a', { shared, now: 59_000 })).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await limiter.hit('b', { shared, now: 59_000 })).toEqual({ allowed: true });
    // 15 s into the next window, three quarters of the three counted before still weigh 2.25.
    expect(await limiter.hit('a', { shared, now: 75_000 })).toEqual({
      allowed: false,
      retryAfterSeconds: 45,
    });
    // 55 s into it, 1 of the window before and 2 now (the refused one counts) make 2.25.
    expect(await limiter.hit('a', { shared, now: 115_000 })).toEqual({
      allowed: false,
      retryAfterSeconds: 5,
    });
    expect(await limiter.hit('a', { shared, now: 200_000 })).toEqual({ allowed: true });
  });

  it('counts in memory while the shared counts fail, and says so once', async () => {
    const shared: SharedLimits = { count: () => Promise.reject(new Error('the database is down')) };
    const logged: unknown[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((...args) => logged.push(args.join(' ')));
    const limiter = createRateLimiter({ name: 'contact', limit: 1, windowMs: 60_000 });
    expect(await limiter.hit('a', { shared, now: 0 })).toEqual({ allowed: true });
    expect(await limiter.hit('a', { shared, now: 1_000 })).toEqual({ allowed: false, retryAfterSeconds: 59 });
    error.mockRestore();
    expect(logged).toEqual([
      "[limits] contact: counting in this process's memory while the database is down",
    ]);
  });

  it('reads its limit from RATE_LIMIT_PER_MINUTE, five by default; refuses anything but a whole number from 1', () => {
    expect(rateLimitFromEnv({})).toBe(5);
    expect(rateLimitFromEnv({ RATE_LIMIT_PER_MINUTE: '50' })).toBe(50);
    expect(() => rateLimitFromEnv({ RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(
      /^RATE_LIMIT_PER_MINUTE must be/,
    );
    expect(() => rateLimitFromEnv({ RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/^RATE_LIMIT_PER_MINUTE must be/);
  });
});

describe('the client a limit counts', () => {
  const client = (address: string) =>
    clientOf({ clientAddress: '127.0.0.1', locals: { clientAddress: address } as App.Locals });

  it('is an IPv6 address by its /64, however written: 65 addresses in one /64 are one client', async () => {
    const addresses = Array.from(
      { length: 65 },
      (_, n) => `2001:db8:0:1:${n.toString(16)}:0:0:${(n * 7).toString(16)}`,
    );
    expect(new Set(addresses.map(client))).toEqual(new Set(['2001:db8:0:1::/64']));
    expect(client('2001:0db8:0000:0001::1')).toBe('2001:db8:0:1::/64');
    expect(client('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(client('::1')).toBe('0:0:0:0::/64');
    expect(client('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(client('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    // One limit for all 65, as the rate limiter counts them.
    const limiter = createRateLimiter({ name: 'test', limit: 5, windowMs: 60_000 });
    const verdicts = [];
    for (const address of addresses) verdicts.push((await limiter.hit(client(address), { now: 0 })).allowed);
    expect(verdicts.filter(Boolean)).toHaveLength(5);
  });

  it('is an IPv4 address as it is, also written as IPv6', () => {
    expect(client('203.0.113.7')).toBe('203.0.113.7');
    expect(client('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf({ clientAddress: '198.51.100.2', locals: {} as App.Locals })).toBe('198.51.100.2');
  });
});

describe('isCrossSiteWrite', () => {
  const url = new URL('http://shop.example:4321/api/v1/newsletter');
  const request = (method: string, headers: Record<string, string>) => new Request(url, { method, headers });

  it('refuses a POST from another origin, a null origin or a cross-site fetch', () => {
    expect(isCrossSiteWrite(request('POST', { Origin: 'https://evil.example' }), url, undefined)).toBe(true);
    expect(isCrossSiteWrite(request('POST', { Origin: 'null' }), url, undefined)).toBe(true);
    expect(isCrossSiteWrite(request('POST', { 'Sec-Fetch-Site': 'cross-site' }), url, undefined)).toBe(true);
  });

  it('accepts its own host (even behind a TLS proxy), the configured site, reads, and clients without Origin', () => {
    expect(isCrossSiteWrite(request('POST', { Origin: 'https://shop.example:4321' }), url, undefined)).toBe(
      false,
    );
    const site = new URL('https://www.shop.example');
    expect(isCrossSiteWrite(request('POST', { Origin: 'https://www.shop.example' }), url, site)).toBe(false);
    expect(isCrossSiteWrite(request('GET', { Origin: 'https://evil.example' }), url, undefined)).toBe(false);
    expect(isCrossSiteWrite(request('POST', {}), url, undefined)).toBe(false);
  });
});

describe('readJsonBody', () => {
  const post = (body: BodyInit, type = 'application/json') =>
    readJsonBody(new Request('http://x/', { method: 'POST', headers: { 'Content-Type': type }, body }));

  it('parses JSON, also with a charset or a +json type', async () => {
    expect(await post('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(await post('[1]', 'application/json; charset=utf-8')).toEqual({ ok: true, value: [1] });
    expect(await post('{}', 'application/merge-patch+json')).toEqual({ ok: true, value: {} });
  });

  it('refuses other types, oversize and broken bodies with their status', async () => {
    const status = async (body: BodyInit, type?: string) => {
      const result = await post(body, type);
      return result.ok ? 200 : result.response.status;
    };
    expect(await status('{}', 'text/json-ish')).toBe(415);
    expect(await status('x'.repeat(16 * 1024 + 1))).toBe(413);
    expect(await status('')).toBe(400);
    expect(await status('{"a":')).toBe(400);
    expect(await status(new Uint8Array([0x7b, 0xff, 0x7d]))).toBe(400);
  });
});

describe('fields', () => {
  it('counts characters as code points: 100 emoji make a 100-character name', () => {
    expect(text('Name', 100).safeParse('🌶'.repeat(100)).success).toBe(true);
    expect(text('Name', 100).safeParse('🌶'.repeat(101)).success).toBe(false);
  });

  it('keeps line breaks in a message but no other control character', () => {
    expect(text('Message', 50, { multiline: true }).safeParse('one\r\ntwo\tthree').success).toBe(true);
    expect(text('Message', 50, { multiline: true }).safeParse('bell\u0007').success).toBe(false);
    expect(text('Name', 50).safeParse('two\nlines').success).toBe(false);
  });

  it('takes out bidirectional controls, which could make a name read as what it does not say', () => {
    expect(text('Name', 50).parse('Asha \u202Eoa\u202C Rao')).toBe('Asha oa Rao');
    expect(text('Name', 50).parse('\u2067Asha\u2069 \u200FRao\u200E\u061C')).toBe('Asha Rao');
    expect(text('Name', 50).safeParse('\u202E\u202E').success).toBe(false);
    expect(optionalText('Title', 50).parse(' \u202Dgood\u202C ')).toBe('good');
  });

  it('trims and lower-cases an email', () => {
    expect(email().parse('  Asha@Example.COM ')).toBe('asha@example.com');
    expect(email().safeParse('asha@localhost').success).toBe(false);
  });
});

describe('contact helpers', () => {
  it('makes a tel: link of digits and the leading plus', () => {
    expect(telHref('+1 (415) 555-0147')).toBe('tel:+14155550147');
  });

  it('links and embeds the map at the shop', () => {
    const links = mapLinks({ latitude: 37.76, longitude: -122.39 });
    expect(links.page).toBe('https://www.openstreetmap.org/?mlat=37.76&mlon=-122.39#map=17/37.76/-122.39');
    expect(links.embed).toContain('marker=37.76%2C-122.39');
    expect(links.embed.startsWith('https://www.openstreetmap.org/export/embed.html?bbox=')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { loggedPath } from '#src/server/http/operations.ts';
import { forwardedClient, parseTrustProxy } from '#src/server/http/proxy.ts';

const client = (setting: string | undefined, peer: string, headers: Record<string, string | string[]> = {}) =>
  forwardedClient(parseTrustProxy(setting), peer, headers);

describe('TRUST_PROXY', () => {
  it('is off unless set, and then believes no forwarded header, whatever the Host', () => {
    for (const off of [undefined, '', ' ', '0', 'false', 'off', 'no', 'FALSE']) {
      expect(parseTrustProxy(off)).toEqual({ kind: 'off' });
    }
    const headers = {
      host: 'shop.example',
      'x-forwarded-host': 'shop.example',
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
    };
    expect(client(undefined, '127.0.0.1', headers)).toEqual({
      address: '127.0.0.1',
      proto: undefined,
      viaProxy: false,
    });
  });

  it('refuses what is neither a hop count nor addresses, naming the entry', () => {
    for (const [setting, entry] of [
      ['true', 'true'],
      ['loopback', 'loopback'],
      ['127.0.0.1, nginx', 'nginx'],
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['::1/129', '::1/129'],
      ['10.0.0.0/8/8', '10.0.0.0/8/8'],
      ['10.0.0.0/', '10.0.0.0/'],
      ['10.0.0.0/x', '10.0.0.0/x'],
      ['-1', '-1'],
      ['1.5', '1.5'],
      ['127.0.0.1,', ''],
      ['256.0.0.1', '256.0.0.1'],
    ]) {
      expect(() => parseTrustProxy(setting), setting).toThrow(`TRUST_PROXY: "${entry}" is not an IP address`);
    }
  });

  describe('with the proxy addresses listed', () => {
    it('takes the address the proxy appended, not what the client wrote before it', () => {
      const spoofed = { 'x-forwarded-for': '1.1.1.1, 203.0.113.9' };
      expect(client('127.0.0.1', '127.0.0.1', spoofed).address).toBe('203.0.113.9');
      expect(client('127.0.0.1', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }).address).toBe(
        '203.0.113.9',
      );
    });

    it('ignores the headers of a peer that is not a listed proxy', () => {
      expect(
        client('127.0.0.1', '198.51.100.7', { 'x-forwarded-for': '1.1.1.1', 'x-forwarded-proto': 'https' }),
      ).toEqual({ address: '198.51.100.7', proto: undefined, viaProxy: false });
    });

    it('walks past every trusted hop, in CIDR ranges and IPv6, to the first untrusted address', () => {
      const setting = '10.0.0.0/8, 192.168.1.1, ::1, fd00::/8';
      const chain = { 'x-forwarded-for': '1.1.1.1, 203.0.113.9, 192.168.1.1, 10.2.3.4' };
      expect(client(setting, '::1', chain).address).toBe('203.0.113.9');
      expect(client(setting, 'fd12::5', { 'x-forwarded-for': '2001:db8::1' }).address).toBe('2001:db8::1');
      expect(client(setting, '10.9.9.9', { 'x-forwarded-for': '2001:db8::1, fd00::1' }).address).toBe(
        '2001:db8::1',
      );
    });

    it('reads an IPv4 peer on a dual-stack socket as IPv4', () => {
      expect(client('127.0.0.1', '::ffff:127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }).address).toBe(
        '203.0.113.9',
      );
      expect(client(undefined, '::ffff:198.51.100.7').address).toBe('198.51.100.7');
      expect(client('::ffff:127.0.0.1', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }).address).toBe(
        '203.0.113.9',
      );
    });

    it('reads repeated headers as one list, and ports and brackets some proxies add', () => {
      expect(
        client('127.0.0.1', '127.0.0.1', { 'x-forwarded-for': ['1.1.1.1', '203.0.113.9:4711'] }).address,
      ).toBe('203.0.113.9');
      expect(client('127.0.0.1', '127.0.0.1', { 'x-forwarded-for': '[2001:db8::7]:443' }).address).toBe(
        '2001:db8::7',
      );
    });

    it('stops at garbage: the hop that passed it on is the client', () => {
      for (const garbage of ['nonsense', 'unknown', '1.2.3', '<script>', '1.1.1.1 2.2.2.2', '"', ':::']) {
        expect(client('127.0.0.1', '127.0.0.1', { 'x-forwarded-for': garbage }).address, garbage).toBe(
          '127.0.0.1',
        );
        expect(
          client('10.0.0.0/8', '10.0.0.1', { 'x-forwarded-for': `${garbage}, 10.0.0.2` }).address,
          garbage,
        ).toBe('10.0.0.2');
      }
      // Garbage the client wrote, left of what the proxy appended, changes nothing.
      expect(client('127.0.0.1', '127.0.0.1', { 'x-forwarded-for': 'nonsense, 203.0.113.9' }).address).toBe(
        '203.0.113.9',
      );
      expect(client('127.0.0.1', '127.0.0.1', { 'x-forwarded-for': ' , ,' }).address).toBe('127.0.0.1');
    });

    it("believes the nearest proxy's X-Forwarded-Proto, and only http or https", () => {
      expect(client('127.0.0.1', '127.0.0.1', { 'x-forwarded-proto': 'https' }).proto).toBe('https');
      expect(client('127.0.0.1', '127.0.0.1', { 'x-forwarded-proto': 'https, http' }).proto).toBe('http');
      expect(client('127.0.0.1', '127.0.0.1', { 'x-forwarded-proto': 'HTTPS' }).proto).toBe('https');
      expect(client('127.0.0.1', '127.0.0.1', { 'x-forwarded-proto': 'gopher' }).proto).toBeUndefined();
      expect(client('127.0.0.1', '127.0.0.1').proto).toBeUndefined();
    });
  });

  describe('with a hop count', () => {
    it('counts the peer as the first hop and takes the address that many hops back', () => {
      const chain = { 'x-forwarded-for': '1.1.1.1, 203.0.113.9, 10.0.0.2' };
      expect(client('1', '10.0.0.1', chain).address).toBe('10.0.0.2');
      expect(client('2', '10.0.0.1', chain).address).toBe('203.0.113.9');
      expect(client('3', '10.0.0.1', chain).address).toBe('1.1.1.1');
      expect(client('1', '10.0.0.1', chain).viaProxy).toBe(true);
    });

    it('takes the left-most address when the chain is shorter than the hops, and the peer without one', () => {
      expect(client('5', '10.0.0.1', { 'x-forwarded-for': '203.0.113.9' }).address).toBe('203.0.113.9');
      expect(client('1', '10.0.0.1').address).toBe('10.0.0.1');
    });
  });
});

describe('loggedPath', () => {
  it('drops the query string and anything shaped like a token', () => {
    expect(loggedPath('/api/v1/orders/ORD-123456789012?phone=4155550199')).toBe(
      '/api/v1/orders/ORD-123456789012',
    );
    expect(loggedPath('/track/AbCdEfGhIjKlMnOpQrStUvWx12/status')).toBe('/track/:secret/status');
    expect(loggedPath(undefined)).toBe('/');
    expect(loggedPath(`/${'a'.repeat(23)}`)).toBe(`/${'a'.repeat(23)}`);
    expect(loggedPath(`/${'x/'.repeat(300)}`)).toHaveLength(200);
  });
});

import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * Which peers may tell us, in `X-Forwarded-For` and `X-Forwarded-Proto`, who the client is and
 * how it reached the proxy (`TRUST_PROXY`): nobody, the nearest `hops` proxies whatever their
 * address, or the proxies at these addresses.
 */
export type TrustProxy =
  { kind: 'off' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; proxies: BlockList };

/** What the server believes about a request's client once the trusted proxies are peeled off. */
export interface ForwardedClient {
  address: string;
  /** The scheme the client used, when a trusted proxy said so. */
  proto: 'http' | 'https' | undefined;
  /** The request came from a trusted proxy (whose other headers, such as a request id, may be kept). */
  viaProxy: boolean;
}

const OFF = new Set(['', '0', 'false', 'off', 'no']);

/**
 * Reads `TRUST_PROXY`: unset or `false` (off), a hop count (`1`: the peer is the proxy), or a
 * comma list of IPv4/IPv6 addresses and CIDR ranges. Anything else throws, naming the bad entry,
 * so a typo cannot silently trust everyone or no one.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const setting = (value ?? '').trim();
  if (OFF.has(setting.toLowerCase())) return { kind: 'off' };
  if (/^\d+$/.test(setting)) return { kind: 'hops', hops: Number(setting) };
  const proxies = new BlockList();
  for (const entry of setting.split(',').map((part) => part.trim())) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (family === 0 || rest.length > 0) throw new Error(trustProxyError(entry));
    if (prefix === undefined) {
      proxies.addAddress(unmapped(address), isIP(unmapped(address)) === 4 ? 'ipv4' : type);
    } else if (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits) {
      proxies.addSubnet(address, Number(prefix), type);
    } else {
      throw new Error(trustProxyError(entry));
    }
  }
  return { kind: 'addresses', proxies };
}

const trustProxyError = (entry: string) =>
  `TRUST_PROXY: "${entry}" is not an IP address or CIDR range. Give a hop count (1), or a comma ` +
  'list of proxy addresses and ranges (127.0.0.1, 10.0.0.0/8, ::1), or leave it unset.';

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is `1.2.3.4`. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** One `X-Forwarded-For` entry as an address: brackets and a port some proxies add are dropped. */
function forwardedAddress(entry: string): string | undefined {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(entry);
  const address = unmapped(bracketed?.[1] ?? withPort?.[1] ?? entry);
  return isIP(address) === 0 ? undefined : address;
}

function isTrusted(trust: TrustProxy, address: string, hopsFromPeer: number): boolean {
  if (trust.kind === 'off') return false;
  if (trust.kind === 'hops') return hopsFromPeer < trust.hops;
  return trust.proxies.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}

/** A header sent several times counts as one comma list, in the order received. */
const headerList = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value.join(',') : (value ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * The client of a request that reached us from `peer`: walking `X-Forwarded-For` from the right
 * (the entry our nearest proxy appended), the first address that is not a trusted proxy. Entries
 * further left were written by whoever sent them, so they are never believed; an entry that is
 * not an address stops the walk at the trusted hop that passed it on.
 */
export function forwardedClient(
  trust: TrustProxy,
  peer: string,
  headers: IncomingHttpHeaders,
): ForwardedClient {
  const peerAddress = unmapped(peer);
  if (!isTrusted(trust, peerAddress, 0)) return { address: peerAddress, proto: undefined, viaProxy: false };
  let client = peerAddress;
  const chain = headerList(headers['x-forwarded-for']).reverse();
  for (const [index, entry] of chain.entries()) {
    const address = forwardedAddress(entry);
    if (address === undefined) break;
    client = address;
    if (!isTrusted(trust, address, index + 1)) break;
  }
  // Only the proxy next to us can be asked how the client came: the nearest value is its.
  const proto = headerList(headers['x-forwarded-proto']).at(-1)?.toLowerCase();
  return {
    address: client,
    proto: proto === 'https' || proto === 'http' ? proto : undefined,
    viaProxy: true,
  };
}

import { isIPv6 } from 'node:net';

/** An IPv4 address written as IPv6 (`::ffff:1.2.3.4`, a dual-stack socket's form). */
const MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** The eight 16-bit groups of an IPv6 address, `::` filled in and a trailing IPv4 part split in two. */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted
    ? address.slice(0, dotted.index) +
      [Number(dotted[1]) * 256 + Number(dotted[2]), Number(dotted[3]) * 256 + Number(dotted[4])]
        .map((group) => group.toString(16))
        .join(':')
    : address;
  const [head = '', tail] = hex.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The client a limit counts: an IPv4 address, or an IPv6 address's /64. One home or one server
 * is given a whole /64 and may use any address in it, so counting each address alone would give
 * one client 2^64 limits.
 */
function clientKey(address: string): string {
  const mapped = MAPPED.exec(address);
  if (mapped?.[1]) return mapped[1];
  // A zone (`fe80::1%eth0`) names the interface, not the client.
  const bare = address.split('%')[0] ?? '';
  if (!isIPv6(bare)) return address;
  const prefix = ipv6Groups(bare)
    .slice(0, 4)
    .map((group) => group.toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * The client a request came from, as the rate limits count it (see `clientKey`): from the address
 * the server process worked out from the connection (and a trusted proxy's headers, see
 * `TRUST_PROXY`), else the adapter's.
 */
export function clientOf({ clientAddress, locals }: { clientAddress: string; locals: App.Locals }): string {
  return clientKey(locals.clientAddress ?? clientAddress);
}

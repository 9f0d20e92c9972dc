/**
 * The key a client is counted under by every per-address limit (rate limits, connections,
 * requests in progress, upload quota). An IPv4 address counts as itself; an IPv6 address by
 * its /64, since one subscriber's network is a /64 and hands out any address within it, so
 * counting single IPv6 addresses would give one client an unlimited pool.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** An IPv6 address as its eight 16-bit groups, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const [head = '', tail] = address.split('::');
  if (address.split('::').length > 2) return undefined;
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  let left = part(head);
  let right = tail === undefined ? [] : part(tail);
  // An embedded IPv4 address (::ffff:192.0.2.1) fills the last two groups.
  const last = (tail === undefined ? left : right).at(-1);
  const embedded = last !== undefined && isIPv4(last) ? last.split('.').map(Number) : undefined;
  if (embedded) {
    const groups = [(embedded[0]! << 8) | embedded[1]!, (embedded[2]! << 8) | embedded[3]!].map((group) =>
      group.toString(16),
    );
    if (tail === undefined) left = [...left.slice(0, -1), ...groups];
    else right = [...right.slice(0, -1), ...groups];
  }
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((group) =>
    Number.parseInt(group, 16),
  );
}

export function clientKey(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  // A zone index (fe80::1%eth0) names the interface, not the client.
  const bare = address.split('%')[0]!;
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare.toLowerCase());
  if (!groups) return bare;
  // An IPv4 client seen by a dual-stack listener (::ffff:a.b.c.d) is that IPv4 address.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

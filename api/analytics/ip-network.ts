import { isIPv4, isIPv6 } from 'node:net';

/** What is stored when the caller's address is not an IP address (no connection, a bad proxy header). */
export const UNKNOWN = 'unknown';

/** `::ffff:a.b.c.d` is an IPv4 caller on a dual-stack socket. */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address as plain IPv4 or IPv6 (zone id dropped, IPv4-mapped unwrapped), or undefined. */
export function normaliseAddress(address: string): string | undefined {
  const plain = address.trim().replace(/%.*$/, '');
  const mapped = MAPPED_IPV4.exec(plain)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return mapped;
  return isIPv4(plain) || isIPv6(plain) ? plain : undefined;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, an IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)?.[1];
  if (tail !== undefined) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}

/**
 * Only the network part of an address is kept (docs/decisions/100): IPv4 /24, IPv6 /48,
 * written as CIDR (`203.0.113.0/24`, `2001:db8:1::/48`). Anything else is "unknown".
 */
export function ipNetwork(address: string): string {
  const ip = normaliseAddress(address);
  if (ip === undefined) return UNKNOWN;
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  return `${ipv6Groups(ip).slice(0, 3).map((group) => group.toString(16)).join(':')}::/48`;
}

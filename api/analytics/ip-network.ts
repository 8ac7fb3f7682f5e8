import { isIPv4 } from 'node:net';
import { ipv6Groups, plainAddress } from '../http/client-address.ts';

/** What is stored when the caller's address is not an IP address (no connection, a bad proxy header). */
export const UNKNOWN = 'unknown';

/** The address as plain IPv4 or IPv6 (zone id dropped, IPv4-mapped unwrapped), or undefined. */
export const normaliseAddress = plainAddress;

/**
 * Only the network part of an address is kept (docs/decisions/100): IPv4 /24, IPv6 /48,
 * written as CIDR (`203.0.113.0/24`, `2001:db8:1::/48`). Anything else is "unknown".
 */
export function ipNetwork(address: string): string {
  const ip = normaliseAddress(address);
  if (ip === undefined) return UNKNOWN;
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  return `${ipv6Groups(ip)
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}

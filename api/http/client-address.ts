import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';
import { socketAddress } from './socket-address.ts';
import { requestHeader } from './node-exchange.ts';

/**
 * Which peers may tell us who the client is (TRUST_PROXY). `hops: N` trusts the N proxies
 * nearest the server, whoever they are (a load balancer in front: `TRUST_PROXY=1`);
 * `addresses` trusts peers on the listed addresses or networks only. Default: nobody, so
 * X-Forwarded-For is then a caller's own claim and the socket's address counts.
 */
export type TrustProxy = { hops: number } | { addresses: readonly string[] } | undefined;

/** `::ffff:a.b.c.d` is an IPv4 caller on a dual-stack socket. */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address as plain IPv4 or IPv6 (zone id dropped, IPv4-mapped unwrapped), or undefined when it is none. */
export function plainAddress(address: string): string | undefined {
  const plain = address.trim().replace(/%.*$/, '');
  const mapped = MAPPED_IPV4.exec(plain)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return mapped;
  return isIPv4(plain) || isIPv6(plain) ? plain.toLowerCase() : undefined;
}

/** A BlockList of `203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`; throws on anything else. */
export function proxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
    if (family === undefined) throw new Error(`${entry} is not an IP address or network`);
    if (prefix === undefined) list.addAddress(address, family);
    else {
      const bits = Number(prefix);
      if (!/^\d+$/.test(prefix) || bits > (family === 'ipv4' ? 32 : 128))
        throw new Error(`${entry} is not an IP address or network`);
      list.addSubnet(address, bits, family);
    }
  }
  return list;
}

/** Whether the hop at `index` from the server (0: the socket's peer) may name the one before it. */
export type HopTrust = (index: number, address: string) => boolean;

/** Compiles TRUST_PROXY once; a bad list entry was already refused by loadConfig. */
export function hopTrust(trust: TrustProxy): HopTrust {
  if (trust === undefined) return () => false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (index) => index < hops;
  }
  const list = proxyList(trust.addresses);
  return (_index, address) => {
    const plain = plainAddress(address);
    return plain !== undefined && list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  };
}

/**
 * The client's address given the socket's peer and the X-Forwarded-For header. Proxies append
 * the address they received from, so the chain is read from the right: each trusted hop hands
 * over to the entry before it, and the first untrusted one is the client. Not an address: "unknown".
 */
export function resolveClientAddress(
  socket: string | undefined,
  forwardedFor: string | undefined,
  trusted: HopTrust,
): string {
  if (socket === undefined) return 'unknown';
  const chain = [socket];
  if (forwardedFor !== undefined && trusted(0, socket)) {
    chain.push(
      ...forwardedFor
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .reverse(),
    );
  }
  let index = 0;
  while (index < chain.length - 1 && trusted(index, chain[index]!)) index += 1;
  return plainAddress(chain[index]!) ?? 'unknown';
}

/**
 * Tells each request whom to trust for its client's address, by the deployment's TRUST_PROXY. The
 * address itself is worked out when a route first asks for it (clientAddress): most requests (a
 * file, a search, a 404) never do.
 */
export function clientAddresses(trust: TrustProxy) {
  const trusted = hopTrust(trust);
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('trustedHops', trusted);
    await next();
  });
}

const trustNobody: HopTrust = () => false;

/** The caller's IP address (for rate limits and visitor analytics), or "unknown" without a connection. */
export function clientAddress(c: Context<AppEnv>): string {
  const known = c.get('clientAddress');
  if (known !== undefined) return known;
  const address = resolveClientAddress(
    socketAddress(c),
    requestHeader(c, 'x-forwarded-for'),
    c.get('trustedHops') ?? trustNobody,
  );
  c.set('clientAddress', address);
  return address;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, an IPv4 tail as two groups). */
export function ipv6Groups(address: string): number[] {
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
 * What a per-client limit counts by: an IPv4 address as it is, an IPv6 address by its /64
 * (one home or phone is given a whole /64 and can pick any address in it at will).
 */
export function clientLimitKey(address: string): string {
  const plain = plainAddress(address);
  if (plain === undefined) return 'unknown';
  if (isIPv4(plain)) return plain;
  return `${ipv6Groups(plain)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import { clientAddress, clientAddresses, clientLimitKey, type TrustProxy } from './client-address.ts';

const appTrusting = (trust: TrustProxy) =>
  new Hono<AppEnv>().use('*', clientAddresses(trust)).get('/', (c) => c.text(clientAddress(c)));
const from = (remoteAddress: string) => ({
  incoming: { socket: { remoteAddress, remotePort: 1, remoteFamily: 'IPv4' } },
});
const ask = async (trust: TrustProxy, remote: string | null, forwarded?: string) => {
  const res = await appTrusting(trust).request(
    '/',
    forwarded ? { headers: { 'x-forwarded-for': forwarded } } : {},
    remote ? from(remote) : undefined,
  );
  return res.text();
};

describe('clientAddress', () => {
  it("is the socket's address", async () => {
    expect(await ask(undefined, '203.0.113.9')).toBe('203.0.113.9');
    expect(await ask(undefined, '::ffff:203.0.113.9')).toBe('203.0.113.9');
  });
  it('believes no forwarding header by default, not even from a loopback peer', async () => {
    expect(await ask(undefined, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(await ask(undefined, '127.0.0.1', '198.51.100.1')).toBe('127.0.0.1');
    expect(await ask(undefined, '::1', '198.51.100.1')).toBe('::1');
  });
  it('with TRUST_PROXY=1, takes the last entry the one proxy appended, and no further', async () => {
    expect(await ask({ hops: 1 }, '127.0.0.1', '10.0.0.1, 198.51.100.1')).toBe('198.51.100.1');
    expect(await ask({ hops: 1 }, '203.0.113.5', '6.6.6.6, 198.51.100.2')).toBe('198.51.100.2');
    expect(await ask({ hops: 1 }, '127.0.0.1')).toBe('127.0.0.1');
  });
  it('with TRUST_PROXY=2, skips two proxies', async () => {
    expect(await ask({ hops: 2 }, '10.0.0.2', '6.6.6.6, 198.51.100.1, 10.0.0.1')).toBe('198.51.100.1');
    expect(await ask({ hops: 2 }, '10.0.0.2', '198.51.100.1')).toBe('198.51.100.1');
  });
  it('with a list of proxies, believes the header only from them, hop by hop', async () => {
    const trust = { addresses: ['10.0.0.0/8', '::1'] };
    expect(await ask(trust, '10.1.2.3', '6.6.6.6, 198.51.100.1, 10.9.9.9')).toBe('198.51.100.1');
    expect(await ask(trust, '::1', '198.51.100.7')).toBe('198.51.100.7');
    expect(await ask(trust, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(await ask(trust, '127.0.0.1', '198.51.100.1')).toBe('127.0.0.1');
  });
  it('is "unknown" without a connection or when a trusted proxy names no address', async () => {
    expect(await ask({ hops: 1 }, null, '198.51.100.1')).toBe('unknown');
    expect(await ask({ hops: 1 }, '127.0.0.1', 'not-an-address')).toBe('unknown');
  });
});

describe('clientLimitKey', () => {
  it('keeps an IPv4 address, unwrapping an IPv4-mapped one', () => {
    expect(clientLimitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientLimitKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });
  it('counts every address of one IPv6 /64 as one client', () => {
    expect(clientLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientLimitKey('2001:0DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientLimitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientLimitKey('::1')).toBe('0:0:0:0::/64');
  });
  it('is "unknown" for what is not an address', () => {
    expect(clientLimitKey('unknown')).toBe('unknown');
  });
});

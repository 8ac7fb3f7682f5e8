import { describe, expect, it } from 'vitest';
import { ipNetwork, normaliseAddress } from './ip-network.ts';

describe('ipNetwork', () => {
  it('keeps the /24 of an IPv4 address', () => {
    expect(ipNetwork('203.0.113.77')).toBe('203.0.113.0/24');
    expect(ipNetwork('8.8.8.8')).toBe('8.8.8.0/24');
  });
  it('unwraps an IPv4-mapped IPv6 address first', () => {
    expect(ipNetwork('::ffff:198.51.100.23')).toBe('198.51.100.0/24');
  });
  it('keeps the /48 of an IPv6 address, compressed or not', () => {
    expect(ipNetwork('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(ipNetwork('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(ipNetwork('2001:4860:4860::8888')).toBe('2001:4860:4860::/48');
    expect(ipNetwork('::1')).toBe('0:0:0::/48');
    expect(ipNetwork('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(ipNetwork('64:ff9b:1::192.0.2.33')).toBe('64:ff9b:1::/48');
  });
  it('is "unknown" for anything that is not an address', () => {
    for (const text of ['unknown', '', 'example.com', '1.2.3', '300.1.1.1', '1.2.3.4, 5.6.7.8'])
      expect(ipNetwork(text)).toBe('unknown');
  });
});

describe('normaliseAddress', () => {
  it('drops a zone id and unwraps IPv4-mapped addresses', () => {
    expect(normaliseAddress(' ::ffff:8.8.4.4 ')).toBe('8.8.4.4');
    expect(normaliseAddress('fe80::1%en0')).toBe('fe80::1');
    expect(normaliseAddress('nonsense')).toBeUndefined();
  });
});

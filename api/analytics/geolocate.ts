import { BlockList } from 'node:net';
import { createRequire } from 'node:module';
import type { Lookup } from 'geoip-lite';
import { normaliseAddress, UNKNOWN } from './ip-network.ts';

export type Place = { country: string; city: string };
export type Geolocator = {
  /** City and country of a full address (before it is truncated); "unknown" when not known. */
  locate(address: string): Place;
  /** Loads the database now (about 140 MB, 150 ms, synchronous) rather than on the first view. */
  preload(): void;
};

const NOWHERE: Place = { country: UNKNOWN, city: UNKNOWN };

/** Addresses that are nobody's location: private, loopback, link-local, shared (CGNAT), unique local. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

type GeoipLite = { lookup(ip: string): Lookup | null };

/**
 * geoip-lite's offline copy of MaxMind's GeoLite2 (CC BY-SA 4.0, credited on the privacy page):
 * no look-up leaves the machine. The package reads its whole database into memory, synchronously,
 * when it is first required; so it is required on the first use, or by preload() at start-up,
 * and test files that never track a view never pay for it.
 */
export function createGeolocator(
  load: () => GeoipLite = () => createRequire(import.meta.url)('geoip-lite') as GeoipLite,
): Geolocator {
  let geoip: GeoipLite | undefined;
  const database = () => (geoip ??= load());
  return {
    preload() {
      database();
    },
    locate(address) {
      const ip = normaliseAddress(address);
      if (ip === undefined || NOT_PUBLIC.check(ip, ip.includes(':') ? 'ipv6' : 'ipv4')) return NOWHERE;
      const found = database().lookup(ip);
      return { country: found?.country || UNKNOWN, city: found?.city || UNKNOWN };
    },
  };
}

import { describe, expect, it } from 'vitest';
import { createGeolocator } from './geolocate.ts';

// The real, bundled database (geoip-lite 1.4.10: GeoLite2 of 2023-11-15).
const geo = createGeolocator();

describe('geolocate', () => {
  it('places public addresses from the offline database', () => {
    expect(geo.locate('8.8.8.8')).toEqual({ country: 'US', city: 'unknown' });
    expect(geo.locate('::ffff:8.8.8.8')).toEqual({ country: 'US', city: 'unknown' });
    expect(geo.locate('81.2.69.142')).toEqual({ country: 'GB', city: 'St Albans' });
    expect(geo.locate('154.160.0.1')).toEqual({ country: 'GH', city: 'Accra' });
    expect(geo.locate('2001:4860:4860::8888')).toEqual({ country: 'US', city: 'unknown' });
  });

  it('gives "unknown" for private, loopback, link-local and shared addresses, and for no address', () => {
    for (const address of [
      '10.1.2.3',
      '192.168.1.20',
      '172.16.5.4',
      '100.64.0.1',
      '169.254.1.1',
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      'fd00::1',
      'fe80::1',
      'unknown',
    ]) {
      expect(geo.locate(address), address).toEqual({ country: 'unknown', city: 'unknown' });
    }
  });

  it("does not consult the database for addresses that are nobody's place, and loads it once", () => {
    let loads = 0;
    const lookedUp: string[] = [];
    const fake = createGeolocator(() => {
      loads += 1;
      return {
        lookup: (ip) => {
          lookedUp.push(ip);
          return null;
        },
      };
    });
    expect(fake.locate('10.0.0.1')).toEqual({ country: 'unknown', city: 'unknown' });
    expect(loads).toBe(0);
    expect(fake.locate('203.0.113.9')).toEqual({ country: 'unknown', city: 'unknown' });
    fake.preload();
    expect(loads).toBe(1);
    expect(lookedUp).toEqual(['203.0.113.9']);
  });
});

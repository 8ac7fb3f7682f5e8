import { describe, expect, it } from 'vitest';
import {
  digitalAddressKey,
  GHANA_REGIONS,
  LEGACY_GHANA_CITY_REGION,
  legacyRegionOf,
  normalisePlace,
  parseDigitalAddress,
} from './places.policy.ts';

describe('the places policy', () => {
  it('names Ghana’s 16 regions once each, alphabetically', () => {
    expect(GHANA_REGIONS).toHaveLength(16);
    expect(new Set(GHANA_REGIONS).size).toBe(16);
    expect([...GHANA_REGIONS].sort()).toEqual([...GHANA_REGIONS]);
  });

  it('gives each town of the spec’s first list of 20 one of those regions', () => {
    expect(Object.keys(LEGACY_GHANA_CITY_REGION)).toHaveLength(20);
    for (const region of Object.values(LEGACY_GHANA_CITY_REGION)) expect(GHANA_REGIONS).toContain(region);
    expect(LEGACY_GHANA_CITY_REGION.Kumasi).toBe('Ashanti');
    expect(LEGACY_GHANA_CITY_REGION.Techiman).toBe('Bono East');
    expect(Object.isFrozen(LEGACY_GHANA_CITY_REGION)).toBe(true);
  });

  it('implies a region for an old event only for a listed Ghanaian town', () => {
    expect(legacyRegionOf('Ghana', 'Tema')).toBe('Greater Accra');
    expect(legacyRegionOf('Ghana', 'Hohoe')).toBe('');
    expect(legacyRegionOf('Jamaica', 'Kingston')).toBe('');
    expect(legacyRegionOf('Ghana', 'toString')).toBe('');
    expect(legacyRegionOf(undefined, 'Accra')).toBe('');
    expect(legacyRegionOf('Ghana', undefined)).toBe('');
  });

  it('compares places without accents, case, apostrophes or punctuation', () => {
    expect(normalisePlace('  Santiágo ')).toBe('santiago');
    expect(normalisePlace('Sekondi-Takoradi, Western')).toBe('sekondi takoradi western');
    expect(normalisePlace('Jamestown’s  (Old)')).toBe('jamestowns old');
    expect(normalisePlace('50%_off')).toBe('50%_off');
  });
});

describe('GhanaPost GPS digital addresses', () => {
  it('reads the ways people type one into its canonical form', () => {
    expect(parseDigitalAddress('GA-183-8164')).toBe('GA-183-8164');
    expect(parseDigitalAddress(' ga1838164 ')).toBe('GA-183-8164');
    expect(parseDigitalAddress('GA 183 8164')).toBe('GA-183-8164');
    expect(parseDigitalAddress('ak-0394-5028')).toBe('AK-0394-5028');
    expect(parseDigitalAddress('B2-123-4567')).toBe('B2-123-4567');
  });

  it('refuses what is not one', () => {
    for (const text of [
      '',
      'G-183-8164',
      '2A-183-8164',
      'GA-18-8164',
      'GA-183-81645',
      'GA-183-816',
      'GA-12345-6789',
      'Accra',
      'Call GA-183-8164',
    ])
      expect(parseDigitalAddress(text), text).toBeNull();
  });

  it('finds an address by one key whatever zeros lead its area, and no other address by it', () => {
    expect(digitalAddressKey('GA-183-8164')).toBe(':gps:ga-183-8164');
    expect(digitalAddressKey('GA-0183-8164')).toBe(':gps:ga-183-8164');
    expect(digitalAddressKey('GA-1830-8164')).toBe(':gps:ga-1830-8164');
    expect(digitalAddressKey('GA-1030-8164')).toBe(':gps:ga-1030-8164');
    expect(digitalAddressKey('GA-0018-8164')).toBe(':gps:ga-18-8164');
    expect(digitalAddressKey('GA-18-8164').startsWith(digitalAddressKey('GA-183-8164'))).toBe(false);
    // Typed text never reaches it: normalised, it cannot start with a colon.
    for (const typed of [':gps:ga-183-8164', ':', ' :gps', 'gps'])
      expect(normalisePlace(typed).startsWith(':')).toBe(false);
  });
});

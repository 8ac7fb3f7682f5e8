import { describe, expect, it } from 'vitest';
import { GHANA_REGIONS, LEGACY_GHANA_CITY_REGION, legacyRegionOf, normalisePlace } from './places.policy.ts';

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

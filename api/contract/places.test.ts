import { describe, expect, it } from 'vitest';
import { LEGACY_GHANA_CITY_REGION } from '../../events/listing/places.policy.ts';
import { LOCATIONS } from './places.ts';

describe('places', () => {
  it('still offers each Ghanaian town whose region old events are given', () => {
    expect(Object.keys(LEGACY_GHANA_CITY_REGION).sort()).toEqual([...LOCATIONS.Ghana].sort());
  });
});

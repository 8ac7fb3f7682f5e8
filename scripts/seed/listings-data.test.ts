import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LOCATIONS } from '../../api/contract/places.ts';
import { CreatePropertySchema } from '../../api/contract/properties.schema.ts';
import { generateListing } from './listings-data.ts';
import { createRandom } from './photos.ts';

describe('seed listings', () => {
  const random = createRandom(7);
  const listings = Array.from({ length: 60 }, (_, n) => generateListing(random, n));

  it('cover every city of every place and every type × category pair in the default seed', () => {
    const cities = new Set(listings.map((l) => `${l.country}/${l.city}`));
    expect(cities.size).toBe(Object.values(LOCATIONS).flat().length);
    expect(new Set(listings.map((l) => `${l.propertyType}/${l.category}`)).size).toBe(16);
    expect(new Set(listings.map((l) => l.listingType))).toEqual(new Set(['rent', 'sale']));
  });

  it('are valid listings by the API’s own rules', () => {
    for (const { imageCount: _images, ...listing } of listings) {
      const parsed = v.safeParse(CreatePropertySchema, listing);
      expect(parsed.success, JSON.stringify(parsed.issues?.[0]?.message)).toBe(true);
    }
  });

  it('are the same for the same seed', () => {
    const again = createRandom(7);
    expect(generateListing(again, 0)).toEqual(generateListing(createRandom(7), 0));
  });
});

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, LOCATIONS, type Country } from '../../api/contract/places.ts';
import { CreatePropertySchema } from '../../api/contract/properties.schema.ts';
import { monthlyEquivalent } from '../../events/listing/listing-search.ts';
import { GHANA_NEWEST_DAYS, generateListing, submittedAgoSeconds } from './listings-data.ts';
import { monthlyRentBand } from './markets.ts';
import { createRandom } from './photos.ts';

describe('seed listings', () => {
  const random = createRandom(7);
  const listings = Array.from({ length: 60 }, (_, n) => generateListing(random, n));
  // The benchmark's seeds make thousands: the rules hold for every one.
  const many = Array.from({ length: 3000 }, (_, n) => generateListing(createRandom(1000 + n), n));

  it('cover every city of every place and every type × category pair in the default seed', () => {
    const cities = new Set(listings.map((l) => `${l.country}/${l.city}`));
    expect(cities.size).toBe(Object.values(LOCATIONS).flat().length);
    expect(new Set(listings.map((l) => `${l.propertyType}/${l.category}`)).size).toBe(16);
  });

  it('are valid listings by the API’s own rules', () => {
    for (const { imageCount: _images, ...listing } of listings) {
      const parsed = v.safeParse(CreatePropertySchema, listing);
      expect(parsed.success, JSON.stringify(parsed.issues?.[0]?.message)).toBe(true);
    }
  });

  it('are rentals, priced per period within their town’s band for their type, in the place’s currency', () => {
    for (const listing of many) {
      expect(listing.listingType).toBe('rent');
      expect(listing.currency).toBe(listing.country === 'Ghana' ? 'GH₵' : '$');
      const [min, max] = monthlyRentBand(listing.country as Country, listing.city, listing.propertyType);
      const monthly = monthlyEquivalent(listing.pricePerNight, listing.pricingPeriod);
      expect(
        monthly,
        `${listing.title}: ${listing.currency}${listing.pricePerNight}/${listing.pricingPeriod}`,
      ).toBeGreaterThanOrEqual(min);
      expect(
        monthly,
        `${listing.title}: ${listing.currency}${listing.pricePerNight}/${listing.pricingPeriod}`,
      ).toBeLessThanOrEqual(max);
    }
    expect(new Set(many.map((l) => l.pricingPeriod))).toEqual(new Set(['week', 'month', 'year']));
  });

  it('price a studio in Accra at GH₵1,500–4,000 a month, and no studio at a house’s rent (issue 28: GH₵462,100 a year)', () => {
    const accraStudios = many.filter((l) => l.city === 'Accra' && l.propertyType === 'studio');
    expect(accraStudios.length).toBeGreaterThan(5);
    for (const studio of accraStudios) {
      const monthly = monthlyEquivalent(studio.pricePerNight, studio.pricingPeriod);
      expect(monthly).toBeGreaterThanOrEqual(1500);
      expect(monthly).toBeLessThanOrEqual(4000);
    }
    // Across every place: a room is cheaper than the dearest studio, a studio than the dearest house.
    for (const country of COUNTRIES) {
      for (const city of LOCATIONS[country]) {
        const [, room] = monthlyRentBand(country, city, 'room');
        const [studioMin, studio] = monthlyRentBand(country, city, 'studio');
        const [, house] = monthlyRentBand(country, city, 'house');
        expect(room).toBeLessThan(studio);
        expect(studio).toBeLessThan(house);
        expect(studioMin).toBeGreaterThan(0);
      }
    }
  });

  it('are newer in Ghana than anywhere else, so the newest lead with Ghana', () => {
    const random = createRandom(3);
    const day = 24 * 3600;
    for (let i = 0; i < 500; i++) {
      expect(submittedAgoSeconds(random, 'Ghana')).toBeLessThan(GHANA_NEWEST_DAYS * day);
      for (const country of COUNTRIES.filter((c) => c !== 'Ghana')) {
        const ago = submittedAgoSeconds(random, country);
        expect(ago).toBeGreaterThanOrEqual(GHANA_NEWEST_DAYS * day);
        expect(ago).toBeLessThanOrEqual(365 * day);
      }
    }
  });

  it('are the same for the same seed', () => {
    const again = createRandom(7);
    expect(generateListing(again, 0)).toEqual(generateListing(createRandom(7), 0));
  });
});

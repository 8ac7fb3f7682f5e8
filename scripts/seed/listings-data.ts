import { AMENITIES, CATEGORIES, PROPERTY_TYPES, type PricingPeriod } from '../../api/contract/properties.schema.ts';
import { COUNTRIES, defaultCurrencyOf, LOCATIONS, type Country } from '../../api/contract/places.ts';
import { MONTHS_PER } from '../../events/listing/listing-search.ts';
import type { ListingDetails } from '../../events/listing/listing.events.ts';
import { legacyRegionOf } from '../../events/listing/places.policy.ts';
import { monthlyRentBand, type Band } from './markets.ts';
import type { Random } from './photos.ts';

const STREETS: Record<Country, string[]> = {
  Ghana: [
    'Oxford Street',
    'Ring Road East',
    'Liberation Road',
    'Spintex Road',
    'Independence Avenue',
    'Lagos Avenue',
    'Boundary Road',
    'Airport Residential Road',
    'Harper Road',
    'Station Road',
  ],
  'California USA': [
    'Sunset Boulevard',
    'Market Street',
    'Ocean Avenue',
    'Mission Street',
    'Pacific Coast Highway',
    'Elm Street',
  ],
  Jamaica: ['Hope Road', 'Knutsford Boulevard', 'Gloucester Avenue', 'Main Street', 'Norman Manley Boulevard'],
  'Dominican Republic': [
    'Avenida Winston Churchill',
    'Calle El Conde',
    'Avenida España',
    'Calle Duarte',
    'Avenida Abraham Lincoln',
  ],
};
const LANDMARKS = [
  'the university',
  'the main market',
  'the beach',
  'the mall',
  'the business district',
  'the hospital',
  'the stadium',
  'the airport',
];

const TITLES: Record<string, string[]> = {
  apartment: [
    'Modern {n}-bedroom apartment in {city}',
    'Bright {n}-bed flat near {landmark}',
    'Furnished apartment with {amenity} in {city}',
    'Serviced {n}-bedroom apartment, {city}',
  ],
  house: [
    'Spacious {n}-bedroom house in {city}',
    'Family home with garden in {city}',
    'Gated {n}-bedroom villa in {city}',
    'Detached house near {landmark}',
  ],
  studio: ['Cosy studio in {city}', 'Compact studio near {landmark}', 'Self-contained studio, {city}'],
  room: [
    'Private room in shared house, {city}',
    'Student room near {landmark}',
    'Single room with {amenity} in {city}',
  ],
};
const OPENINGS = [
  'A well-kept home in a quiet, safe neighbourhood.',
  'Freshly painted and ready to move in.',
  'Popular with young professionals and families alike.',
  'Close to shops, schools and public transport.',
  'Reliable water supply and a standby generator.',
];
const CLOSINGS = [
  'Viewing by appointment; contact the landlord through Efie.',
  'Minimum stay applies; utilities are billed separately.',
  'Security is on site day and night.',
  'Pets considered on request.',
];
const AMENITY_NAMES: Record<string, string> = {
  wifi: 'fast Wi-Fi',
  kitchen: 'a fitted kitchen',
  parking: 'secure parking',
  pool: 'a pool',
  gym: 'a gym',
  laundry: 'laundry',
  air_conditioning: 'air conditioning',
  heating: 'heating',
  balcony: 'a balcony',
  garden: 'a garden',
  workspace: 'a workspace',
  tv: 'a smart TV',
};

/**
 * A price for `period` from a monthly rent drawn in the band, rounded to what
 * a person would write (50s, 10s for a week) and kept inside the band.
 */
function priceFor(random: Random, [low, high]: Band, period: PricingPeriod): number {
  const step = period === 'week' ? 10 : 50;
  const exact = random.int(low, high) * MONTHS_PER[period];
  const min = Math.ceil((low * MONTHS_PER[period]) / step) * step;
  const max = Math.floor((high * MONTHS_PER[period]) / step) * step;
  return Math.min(max, Math.max(min, Math.round(exact / step) * step));
}

export type GeneratedListing = ListingDetails & { imageCount: number };

/** Every city of every place, in order: the first listings cover them all. */
const ALL_CITIES: [Country, string][] = COUNTRIES.flatMap((country) =>
  LOCATIONS[country].map((city): [Country, string] => [country, city]),
);

/**
 * The n-th realistic listing, for rent at a price in its town's band for its
 * type (markets.ts). The first ones go round every city and every type ×
 * category pair, so even a small seed shows each; after that Ghana takes most
 * of them, as the product does.
 */
export function generateListing(random: Random, n: number): GeneratedListing {
  const covering = n < ALL_CITIES.length;
  const [country, city] = covering
    ? ALL_CITIES[n]!
    : ((country: Country): [Country, string] => [country, random.pick(LOCATIONS[country])])(
        random.chance(0.7) ? 'Ghana' : random.pick(COUNTRIES.filter((c) => c !== 'Ghana')),
      );
  const propertyType = covering ? PROPERTY_TYPES[n % PROPERTY_TYPES.length]! : random.pick(PROPERTY_TYPES);
  const category = covering
    ? CATEGORIES[Math.floor(n / PROPERTY_TYPES.length) % CATEGORIES.length]!
    : propertyType === 'room' && random.chance(0.6)
      ? 'student'
      : random.chance(0.55)
        ? 'general'
        : random.pick(CATEGORIES);
  const bedrooms =
    propertyType === 'studio' ? 0 : propertyType === 'room' ? 1 : random.int(1, propertyType === 'house' ? 6 : 4);
  const bathrooms = Math.max(1, Math.min(bedrooms, random.int(1, 4)));
  const amenities = random.subset(AMENITIES, 0.35);
  const landmark = random.pick(LANDMARKS);
  const amenity = AMENITY_NAMES[amenities[0] ?? 'wifi']!;
  const title = random
    .pick(TITLES[propertyType]!)
    .replace('{n}', String(Math.max(1, bedrooms)))
    .replace('{city}', city)
    .replace('{landmark}', landmark)
    .replace('{amenity}', amenity);
  const description = [
    random.pick(OPENINGS),
    `${bedrooms === 0 ? 'An open-plan studio' : `${bedrooms} bedroom${bedrooms > 1 ? 's' : ''}`} and ${bathrooms} bathroom${bathrooms > 1 ? 's' : ''}, ${
      amenities.length > 0
        ? `with ${amenities
            .slice(0, 3)
            .map((a) => AMENITY_NAMES[a])
            .join(', ')}`
        : 'simply furnished'
    }.`,
    `A short walk from ${landmark} in ${city}.`,
    random.pick(CLOSINGS),
  ].join(' ');
  const currency = defaultCurrencyOf(country);
  // Rent quoted by the month mostly, by the year as many Ghanaian landlords do, by the week for a few rooms and studios.
  const pricingPeriod: PricingPeriod = random.chance(0.7)
    ? 'month'
    : propertyType === 'room' || propertyType === 'studio'
      ? random.pick(['week', 'year'] as const)
      : 'year';
  const pricePerNight = priceFor(random, monthlyRentBand(country, city, propertyType), pricingPeriod);
  const street = random.pick(STREETS[country]);
  return {
    title,
    description,
    propertyType,
    category,
    // Rentals only: every price shows with a period, so a sale price would read as a rent (docs/decisions/200).
    listingType: 'rent',
    address: `${random.int(1, 240)} ${street}`,
    city,
    region: legacyRegionOf(country, city),
    country,
    location: `${city}, ${country}`,
    digitalAddress: '',
    pricePerNight,
    currency,
    pricingPeriod,
    bedrooms,
    bathrooms,
    amenities,
    imageCount: random.int(2, 4),
    advanceRentMonths: advanceRentIn(random, country),
  };
}

/**
 * What a host says of rent up front: in Ghana most landlords ask a year or two, some six months or
 * less, and many listings do not say; elsewhere a month's deposit or nothing said.
 */
function advanceRentIn(random: Random, country: Country): number | null {
  if (country !== 'Ghana') return random.chance(0.5) ? null : 1;
  return random.pick([null, null, 3, 6, 6, 12, 12, 12, 24, 24] as const);
}

/** The oldest a Ghanaian listing is, in days: every other place's listings are older (Ghana first, as the product is). */
export const GHANA_NEWEST_DAYS = 180;

/**
 * How long ago a listing was submitted, in seconds: Ghana's within the last
 * GHANA_NEWEST_DAYS, the other places' before that, so "newest" (the search's
 * default order, which Recommended for You shows) leads with Ghana.
 */
export function submittedAgoSeconds(random: Random, country: Country): number {
  const day = 24 * 3600;
  return country === 'Ghana'
    ? random.int(0, GHANA_NEWEST_DAYS * day - 1)
    : random.int(GHANA_NEWEST_DAYS * day, 365 * day);
}

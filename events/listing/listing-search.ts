// What a live listing is found by (the search read model, migration 0720 and
// docs/decisions/230). Pure: the projection writes what these return, the API
// reads typed locations through normalisePlace, and the answer caches match
// changes against searches with the same states.

import { digitalAddressKey, normalisePlace } from './places.policy.ts';

/** The amenities' bits in listing_search.amenities, in the contract's order (a test keeps the two lists equal). */
export const AMENITY_BITS = [
  'wifi',
  'kitchen',
  'parking',
  'pool',
  'gym',
  'laundry',
  'air_conditioning',
  'heating',
  'balcony',
  'garden',
  'workspace',
  'tv',
] as const;

/**
 * The codes of listing_search's type, category and listing type columns, in the
 * contract's order (a test keeps them equal). A value outside them (none the
 * API accepts) is -1, which no search asks for.
 */
export const SEARCH_CODES = {
  propertyType: ['apartment', 'house', 'studio', 'room'],
  category: ['general', 'student', 'corporate', 'tourist'],
  listingType: ['rent', 'sale'],
} as const;

export const searchCode = (kind: keyof typeof SEARCH_CODES, value: string): number =>
  (SEARCH_CODES[kind] as readonly string[]).indexOf(value);

export const amenityMask = (amenities: readonly string[]): number =>
  amenities.reduce((mask, amenity) => {
    const bit = AMENITY_BITS.indexOf(amenity as (typeof AMENITY_BITS)[number]);
    return bit < 0 ? mask : mask | (1 << bit);
  }, 0);

/** A name longer than any typed location (100 characters) could only be matched by its first 100. */
const MAX_NAME = 100;
/** Word-start suffixes kept per field: an address of 60 words does not make 60 rows. */
const MAX_SUFFIXES = 24;

/** Every word-start suffix of a normalised field: "12 oxford street" → itself, "oxford street", "street". */
function suffixes(name: string): string[] {
  const words = name.split(' ');
  const out: string[] = [];
  for (let i = 0; i < words.length && out.length < MAX_SUFFIXES; i++)
    out.push(words.slice(i).join(' ').slice(0, MAX_NAME).trimEnd());
  return out;
}

/** The fields of a listing search reads. */
export type SearchableListing = {
  city: string;
  region: string;
  address: string;
  country: string;
  location: string;
  digital_address: string;
  property_type: string;
  category: string;
  listing_type: string;
  price_per_night: number;
  pricing_period: string;
  bedrooms: number;
  amenities: readonly string[];
  advance_rent_months: number | null;
  is_verified: boolean;
  is_active: boolean;
  deleted: boolean;
};

/**
 * The names a listing is found by: '' (anywhere), the word-start suffixes
 * of its city, address, country and location, and its region whole. A typed
 * location finds the listing when it starts one of them. A suffix that starts
 * another of the listing's names adds nothing ("kumasi" beside "kumasi ghana":
 * whatever starts the first starts the second) and is left out, so a town
 * typed in full finds one name, not the town and "town, country" twice over.
 * The region gives no suffixes: "accra" finds Accra, not all of Greater Accra,
 * and "east" no region; a GhanaPost GPS address is found only whole
 * (digitalAddressKey) (docs/decisions/310).
 */
export function placeNames(
  listing: Pick<SearchableListing, 'city' | 'region' | 'address' | 'country' | 'location' | 'digital_address'>,
): string[] {
  const all = new Set<string>();
  for (const field of [listing.city, listing.address, listing.country, listing.location]) {
    const name = normalisePlace(field);
    if (name) for (const suffix of suffixes(name)) all.add(suffix);
  }
  const region = normalisePlace(listing.region);
  if (region) all.add(region);
  if (listing.digital_address) all.add(digitalAddressKey(listing.digital_address));
  const names = [...all];
  return ['', ...names.filter((name) => !names.some((other) => other !== name && other.startsWith(name)))];
}

/** Months in one of each pricing period. */
export const MONTHS_PER = { week: 12 / 52, month: 1, year: 12 } as const;

/**
 * A price per period as a month's worth: what search filters and sorts on, and
 * only that (docs/decisions/240). The listing's price is pricePerNight with its
 * pricingPeriod; this is a comparison key derived from the two. A period the
 * contract does not know (none it accepts) counts as a month.
 */
export const monthlyEquivalent = (pricePerNight: number, period: string): number =>
  pricePerNight / (Object.hasOwn(MONTHS_PER, period) ? MONTHS_PER[period as keyof typeof MONTHS_PER] : 1);

export const isLive = (listing: Pick<SearchableListing, 'is_verified' | 'is_active' | 'deleted'>) =>
  listing.is_verified && listing.is_active && !listing.deleted;

/** A live listing as search sees it: what a change is compared with to know which cached answers it can affect. */
export type SearchState = {
  names: string[];
  propertyType: string;
  category: string;
  listingType: string;
  monthlyEquivalent: number;
  bedrooms: number;
  amenities: number;
  /**
   * Months of rent asked up front, null when not said. Optional: a state logged before advance
   * rent was searched for (search_changes) has none, read as null.
   */
  advanceRentMonths?: number | null;
};

export const searchStateOf = (listing: SearchableListing): SearchState | undefined =>
  isLive(listing)
    ? {
        names: placeNames(listing),
        propertyType: listing.property_type,
        category: listing.category,
        listingType: listing.listing_type,
        monthlyEquivalent: monthlyEquivalent(listing.price_per_night, listing.pricing_period),
        bedrooms: listing.bedrooms,
        amenities: amenityMask(listing.amenities),
        advanceRentMonths: listing.advance_rent_months,
      }
    : undefined;

// The places of Ghana that a listing's events may name (issue 33): the 16 regions, and the region
// of each of the 20 towns the spec's first list held, frozen, so that an event written before a
// listing stored its region gets the same one on every replay, whatever the gazetteer says later.

/** Ghana's 16 regions since 2019 (the GeoNames admin1 names), alphabetical. */
export const GHANA_REGIONS = [
  'Ahafo',
  'Ashanti',
  'Bono',
  'Bono East',
  'Central',
  'Eastern',
  'Greater Accra',
  'North East',
  'Northern',
  'Oti',
  'Savannah',
  'Upper East',
  'Upper West',
  'Volta',
  'Western',
  'Western North',
] as const;

export type GhanaRegion = (typeof GHANA_REGIONS)[number];

/**
 * The region of each town of the spec's first list of 20 (api/contract/places.ts before issue 33):
 * the only Ghanaian towns a listing could name then. Never edited: old events are upcast with it.
 */
export const LEGACY_GHANA_CITY_REGION: Readonly<Record<string, GhanaRegion>> = Object.freeze({
  Accra: 'Greater Accra',
  Tema: 'Greater Accra',
  Madina: 'Greater Accra',
  'East Legon': 'Greater Accra',
  Teshie: 'Greater Accra',
  Ashaiman: 'Greater Accra',
  Kumasi: 'Ashanti',
  Obuasi: 'Ashanti',
  'Cape Coast': 'Central',
  Winneba: 'Central',
  Kasoa: 'Central',
  Koforidua: 'Eastern',
  Nkawkaw: 'Eastern',
  Takoradi: 'Western',
  Tamale: 'Northern',
  Sunyani: 'Bono',
  Techiman: 'Bono East',
  Ho: 'Volta',
  Wa: 'Upper West',
  Bolgatanga: 'Upper East',
});

/** The region an event written before regions were stored implies: a listed Ghanaian town's, else none. */
export const legacyRegionOf = (country: string | undefined, city: string | undefined): string =>
  country === 'Ghana' && city !== undefined && Object.hasOwn(LEGACY_GHANA_CITY_REGION, city)
    ? LEGACY_GHANA_CITY_REGION[city]!
    : '';

/**
 * A place name or a typed location as it is compared: accents dropped,
 * lower case, apostrophes removed, punctuation and runs of spaces as one space.
 * Other symbols stay, so `%` and `_` are matched as themselves.
 */
export function normalisePlace(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[\s,.;:!?()[\]{}"/\\|<>-]+/gu, ' ')
    .trim();
}

/**
 * A GhanaPost GPS digital address as typed ("ga 183 8164", "GA-0183-8164") in its canonical
 * form `GA-183-8164`, or null when it is not one: two characters for the region and district (a
 * letter, then a letter or digit), an area of 3 or 4 digits and a place of 4, with or without
 * hyphens or spaces between them. The area keeps the digits typed.
 */
export function parseDigitalAddress(text: string): string | null {
  const match = /^([A-Z][A-Z0-9])[-\s]*(\d{3,4})[-\s]*(\d{4})$/.exec(text.trim().toUpperCase());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/**
 * The name search finds a digital address by (listing-search.ts placeNames): its area without
 * leading zeros, so GA-0183-8164 and GA-183-8164 are one place. It starts with a colon, which
 * normalisePlace makes a space and then trims, so no typed text but '' (anywhere) is a prefix of
 * it; and a whole code is the prefix of no other. So it is found only by a whole code.
 */
export function digitalAddressKey(canonical: string): string {
  const [district = '', area = '', place = ''] = canonical.toLowerCase().split('-');
  return `:gps:${district}-${area.replace(/^0+(?=\d)/, '')}-${place}`;
}

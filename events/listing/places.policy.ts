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

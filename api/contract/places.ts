// The places the spec names (part 1 §9): 20 cities of Ghana and 5 each for the
// other three. The spec gives only the counts; these are each place's main
// cities. Used by the list and edit forms (city choices per country), the API's
// validation and the seed.

export const LOCATIONS = {
  Ghana: [
    'Accra',
    'Kumasi',
    'Tamale',
    'Takoradi',
    'Cape Coast',
    'Tema',
    'Koforidua',
    'Sunyani',
    'Ho',
    'Wa',
    'Bolgatanga',
    'Obuasi',
    'Techiman',
    'Nkawkaw',
    'Winneba',
    'Kasoa',
    'Madina',
    'East Legon',
    'Teshie',
    'Ashaiman',
  ],
  'California USA': ['Los Angeles', 'San Francisco', 'San Diego', 'San Jose', 'Sacramento'],
  Jamaica: ['Kingston', 'Montego Bay', 'Ocho Rios', 'Negril', 'Spanish Town'],
  'Dominican Republic': ['Santo Domingo', 'Santiago', 'Punta Cana', 'Puerto Plata', 'La Romana'],
} as const satisfies Record<string, readonly string[]>;

export type Country = keyof typeof LOCATIONS;

export const COUNTRIES = Object.keys(LOCATIONS) as Country[];

export const isCountry = (value: string): value is Country => Object.hasOwn(LOCATIONS, value);

export const citiesOf = (country: string): readonly string[] => (isCountry(country) ? LOCATIONS[country] : []);

/** Spec part 2 §9: GH₵ for Ghana, $ elsewhere. */
export const defaultCurrencyOf = (country: string): 'GH₵' | '$' => (country === 'Ghana' ? 'GH₵' : '$');

/** Ghana's regions, and the region an old listing or draft in one of the 20 towns above is in (issue 33). */
export { GHANA_REGIONS, legacyRegionOf } from '../../events/listing/places.policy.ts';

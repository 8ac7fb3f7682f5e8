import type { PropertyType } from '../../api/contract/properties.schema.ts';
import type { Country } from '../../api/contract/places.ts';

// What rents look like in each place the seed fills (issue 28): a month's rent
// in the listing's currency (GH₵ in Ghana, US$ elsewhere) by town and type, as
// a newcomer who knows the place would expect to see them. Prime areas cost
// more than regional towns; a room less than a studio, a studio less than a flat.

/** How dear a town is within its country. */
export type Tier = 'prime' | 'city' | 'town';

export type Band = readonly [min: number, max: number];

/** Monthly rent bands per country, tier and type. */
const BANDS: Record<Country, Partial<Record<Tier, Record<PropertyType, Band>>>> = {
  Ghana: {
    prime: { room: [600, 1800], studio: [1500, 4000], apartment: [3000, 12000], house: [6000, 30000] },
    city: { room: [350, 1200], studio: [800, 2500], apartment: [1500, 6000], house: [2500, 12000] },
    town: { room: [250, 800], studio: [500, 1500], apartment: [1000, 3500], house: [1500, 7000] },
  },
  'California USA': {
    prime: { room: [1000, 1800], studio: [1700, 3000], apartment: [2400, 4800], house: [3800, 9000] },
    city: { room: [700, 1200], studio: [1200, 1800], apartment: [1600, 2800], house: [2400, 4200] },
  },
  Jamaica: {
    prime: { room: [250, 600], studio: [450, 1000], apartment: [700, 2200], house: [1200, 4500] },
    town: { room: [150, 400], studio: [300, 600], apartment: [450, 1200], house: [700, 2000] },
  },
  'Dominican Republic': {
    prime: { room: [200, 500], studio: [450, 1000], apartment: [650, 2000], house: [1100, 4000] },
    city: { room: [150, 400], studio: [300, 700], apartment: [450, 1300], house: [700, 2500] },
  },
};

/** Towns dearer or cheaper than their country's usual ("city" in Ghana and California, "prime" elsewhere). */
const TIER_OF: Record<string, Tier> = {
  Accra: 'prime',
  'East Legon': 'prime',
  Tamale: 'town',
  Wa: 'town',
  Bolgatanga: 'town',
  Techiman: 'town',
  Nkawkaw: 'town',
  'Los Angeles': 'prime',
  'San Francisco': 'prime',
  'San Diego': 'prime',
  'San Jose': 'prime',
  'Spanish Town': 'town',
  Santiago: 'city',
  'Puerto Plata': 'city',
  'La Romana': 'city',
};
const USUAL_TIER: Record<Country, Tier> = {
  Ghana: 'city',
  'California USA': 'city',
  Jamaica: 'prime',
  'Dominican Republic': 'prime',
};

const tierOf = (country: Country, city: string): Tier => TIER_OF[city] ?? USUAL_TIER[country];

/** The monthly rent band of a type of home in a town. */
export function monthlyRentBand(country: Country, city: string, propertyType: string): Band {
  const band = BANDS[country][tierOf(country, city)]?.[propertyType as PropertyType];
  if (!band) throw new Error(`no rent band for a ${propertyType} in ${city}, ${country}`);
  return band;
}

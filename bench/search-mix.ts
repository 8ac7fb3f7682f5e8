// What renters type into the search, as a seeded, reproducible stream of
// distinct query strings (issue 30): a town weighted by its population and
// typed the way people type it, a type half the time, a price band typed to
// the cedi, bedrooms, amenities, at most 6 months up front, a sort, pages 1 to 3. No query repeats.
import { AMENITIES, PROPERTY_TYPES, type PropertyType } from '../api/contract/properties.schema.ts';
import { LOCATIONS, type Country } from '../api/contract/places.ts';
import { monthlyRentBand } from '../scripts/seed/markets.ts';
import { createRandom, type Random } from '../scripts/seed/photos.ts';

/** Rough populations in thousands (city or metro): how often each town is searched within its country. */
const POPULATION: Record<string, number> = {
  Accra: 2500,
  Kumasi: 2000,
  Tamale: 500,
  Takoradi: 450,
  'Cape Coast': 200,
  Tema: 400,
  Koforidua: 200,
  Sunyani: 250,
  Ho: 180,
  Wa: 110,
  Bolgatanga: 140,
  Obuasi: 180,
  Techiman: 150,
  Nkawkaw: 60,
  Winneba: 70,
  Kasoa: 500,
  Madina: 250,
  'East Legon': 150,
  Teshie: 200,
  Ashaiman: 300,
  'Los Angeles': 3900,
  'San Francisco': 800,
  'San Diego': 1400,
  'San Jose': 1000,
  Sacramento: 520,
  Kingston: 670,
  'Montego Bay': 110,
  'Ocho Rios': 20,
  Negril: 10,
  'Spanish Town': 150,
  'Santo Domingo': 3300,
  Santiago: 1000,
  'Punta Cana': 140,
  'Puerto Plata': 160,
  'La Romana': 250,
};

/** Ghana is the product's home: most searches are for its towns. */
const COUNTRY_SHARE: Record<Country, number> = {
  Ghana: 0.75,
  'California USA': 0.09,
  Jamaica: 0.08,
  'Dominican Republic': 0.08,
};

function weighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  const sum = items.reduce((s, [, w]) => s + w, 0);
  let at = random.next() * sum;
  for (const [item, w] of items) {
    at -= w;
    if (at < 0) return item;
  }
  return items[items.length - 1]![0];
}

const COUNTRIES = Object.keys(COUNTRY_SHARE) as Country[];
const townsOf = (country: Country) => LOCATIONS[country].map((town) => [town, POPULATION[town] ?? 50] as const);

/** The ways people type a place: lower case, capitals, shouted, stray and doubled spaces, a few letters short. */
function typed(random: Random, place: string): string {
  const style = weighted(random, [
    ['lower', 40],
    ['as is', 30],
    ['upper', 8],
    ['trailing', 8],
    ['leading', 4],
    ['double', 5],
    ['prefix', 5],
  ] as const);
  switch (style) {
    case 'lower':
      return place.toLowerCase();
    case 'as is':
      return place;
    case 'upper':
      return place.toUpperCase();
    case 'trailing':
      return `${place} `;
    case 'leading':
      return `  ${place.toLowerCase()}`;
    case 'double':
      return place.includes(' ') ? place.replace(' ', '  ') : `${place}  `;
    case 'prefix':
      return place.length > 5 ? place.slice(0, random.int(4, place.length - 1)).toLowerCase() : place.toLowerCase();
  }
}

export type SearchMix = { next(): string; count(): number };

/** A stream of distinct `/api/properties/search?...` paths, the same for the same seed. */
export function createSearchMix(seed = 30): SearchMix {
  const random = createRandom(seed);
  const seen = new Set<string>();
  const draw = (): string => {
    const q = new URLSearchParams();
    const country = weighted(
      random,
      COUNTRIES.map((c) => [c, COUNTRY_SHARE[c]] as const),
    );
    const town = weighted(random, townsOf(country));
    const where = random.next();
    if (where < 0.85) q.set('location', typed(random, town));
    else if (where < 0.9) q.set('location', typed(random, country === 'California USA' ? 'California' : country));
    const type: PropertyType | undefined = random.chance(0.5) ? random.pick(PROPERTY_TYPES) : undefined;
    if (type) q.set('propertyType', type);
    // A band around what the town's homes of that type cost a month, typed to the unit.
    if (random.chance(0.6)) {
      const [low, high] = monthlyRentBand(country, town, type ?? random.pick(PROPERTY_TYPES));
      const yearly = random.chance(0.05);
      if (yearly) q.set('timePeriod', 'year');
      else if (random.chance(0.15)) q.set('timePeriod', random.pick(['month', 'months']));
      const scale = yearly ? 12 : 1;
      const min = random.int(Math.round(low * 0.6), Math.round((low + high) / 2)) * scale;
      const max = random.int(Math.round(min / scale) + 50, Math.round(high * 1.2)) * scale;
      const bounds = random.next();
      if (bounds < 0.5) {
        q.set('minPrice', String(min));
        q.set('maxPrice', String(max));
      } else if (bounds < 0.85) q.set('maxPrice', String(max));
      else q.set('minPrice', String(min));
    }
    if (random.chance(0.3)) q.set('bedrooms', String(random.int(1, 4)));
    if (random.chance(0.25))
      q.set('amenities', random.subset(AMENITIES, 0.15).slice(0, 3).join(',') || random.pick(AMENITIES));
    // Renters in Ghana keeping to the Rent Act's six months up front (issue 33).
    if (country === 'Ghana' && random.chance(0.15)) q.set('maxAdvanceRent', '6');
    const sort = weighted(random, [
      ['newest', 50],
      ['price_asc', 35],
      ['price_desc', 15],
    ] as const);
    if (sort !== 'newest' || random.chance(0.3)) q.set('sort', sort);
    const page = weighted(random, [
      [1, 70],
      [2, 20],
      [3, 10],
    ] as const);
    if (page > 1 || random.chance(0.2)) q.set('page', String(page));
    return `/api/properties/search?${q.toString()}`;
  };
  return {
    next() {
      for (;;) {
        const path = draw();
        if (seen.has(path)) continue;
        seen.add(path);
        return path;
      }
    },
    count: () => seen.size,
  };
}

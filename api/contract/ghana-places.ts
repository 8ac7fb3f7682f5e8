// The towns of Ghana by region (issue 33): the gazetteer the server checks a listing's town
// against and the PWA's town field suggests from. The PWA loads this module with import() from
// that field only, so its data stays out of the first load.
import { GHANA_REGIONS, type GhanaRegion } from '../../events/listing/places.policy.ts';
import { GHANA_TOWNS } from './ghana-towns.generated.ts';
import { matchPlaces, type PlaceEntry, placeEntry, placeKey } from './place-search.ts';
import { LOCATIONS } from './places.ts';

export type GhanaTown = PlaceEntry & {
  readonly region: GhanaRegion;
  /** Other spellings (GeoNames' where ours differs), matched like the name. */
  readonly aliases: readonly string[];
};

export type TownLookup =
  | { kind: 'listed'; town: GhanaTown }
  | { kind: 'ambiguous'; towns: readonly GhanaTown[] }
  | { kind: 'unknown'; suggestions: readonly GhanaTown[] };

const MAIN_TOWNS: readonly string[] = LOCATIONS.Ghana;

/** The towns of ./ghana-towns.generated.ts's format; the spec's 20 towns are the main ones. */
export function parseGhanaTowns(data: string): GhanaTown[] {
  const regions = data.split('|');
  if (regions.length !== GHANA_REGIONS.length)
    throw new Error(`${regions.length} regions in the towns data, not ${GHANA_REGIONS.length}`);
  return regions.flatMap((towns, index) => {
    const region = GHANA_REGIONS[index]!;
    return towns.split(',').map((town) => {
      const [name = '', ...aliases] = town.split('~');
      const main = MAIN_TOWNS.indexOf(name);
      return {
        ...placeEntry({ name, region, aliases, ...(main === -1 ? {} : { main }) }),
        region,
        aliases,
      };
    });
  });
}

/** Looking towns up in a list: by the key of a name or another spelling, so "hohoe " is Hohoe. */
export function townFinder(towns: readonly GhanaTown[]) {
  const byKey = new Map<string, GhanaTown[]>();
  for (const town of towns)
    for (const key of new Set([town.key, ...town.aliasKeys])) byKey.set(key, [...(byKey.get(key) ?? []), town]);

  const suggest = (text: string, region?: string, limit?: number): GhanaTown[] =>
    matchPlaces(towns, text, { region, ...(limit === undefined ? {} : { limit }) });

  /** The town a typed name is; given a region, only that region's towns count. */
  const find = (city: string, region?: string): TownLookup => {
    const all = byKey.get(placeKey(city)) ?? [];
    const found = region === undefined ? all : all.filter((town) => town.region === region);
    if (found.length === 1) return { kind: 'listed', town: found[0]! };
    if (found.length > 1) return { kind: 'ambiguous', towns: found };
    return { kind: 'unknown', suggestions: suggest(city, region) };
  };

  return { find, suggest };
}

/** Every town of Ghana, by region in GHANA_REGIONS order then by name. */
export const GHANA_PLACES: readonly GhanaTown[] = parseGhanaTowns(GHANA_TOWNS);

const ghana = townFinder(GHANA_PLACES);

/** The town of Ghana a typed name is, in `region` when given, with its spelling and region. */
export const findTown = (city: string, region?: string): TownLookup => ghana.find(city, region);

/** The towns of Ghana that best answer typed text, best first (see matchPlaces). */
export const suggestTowns = (text: string, region?: string, limit?: number): GhanaTown[] =>
  ghana.suggest(text, region, limit);

// What the Ghana gazetteer changes in GeoNames' data (issue 33): the region of each admin1 code,
// the spellings Ghanaians use where GeoNames has another, and towns GeoNames lacks. A change to the
// list of towns is a change here, then `npm run places:generate`.
import type { GhanaRegion } from '../../events/listing/places.policy.ts';

/**
 * GeoNames' admin1 code of each region since the 2019 split, checked against the package's admin1
 * names on every run. 03 (Brong-Ahafo, split into Ahafo, Bono and Bono East) and 07 (unused) are
 * left out on purpose: a town on them cannot be given a region by its code alone.
 */
export const REGION_OF_ADMIN1: Readonly<Record<string, GhanaRegion>> = {
  '01': 'Greater Accra',
  '02': 'Ashanti',
  '04': 'Central',
  '05': 'Eastern',
  '06': 'Northern',
  '08': 'Volta',
  '09': 'Western',
  '10': 'Upper East',
  '11': 'Upper West',
  '12': 'Ahafo',
  '13': 'Bono',
  '14': 'Bono East',
  '15': 'North East',
  '16': 'Oti',
  '17': 'Savannah',
  '18': 'Western North',
};

/**
 * GeoNames name → the spelling in use (the first three are in the spec's list of 20). The GeoNames
 * name stays as an alias, so a host who types it still finds the town.
 */
export const RENAMES: Readonly<Record<string, string>> = {
  Obuase: 'Obuasi',
  'Medina Estates': 'Madina',
  'Teshi Old Town': 'Teshie',
  Wankyi: 'Wenchi',
  Bimbila: 'Bimbilla',
  Kibi: 'Kyebi',
  'Domaa-Ahenkro': 'Dormaa Ahenkro',
};

/** Towns GeoNames' cities list lacks, added when absent: East Legon is in the spec's list of 20. */
export const ADDITIONS: readonly { name: string; region: GhanaRegion }[] = [
  { name: 'East Legon', region: 'Greater Accra' },
  { name: 'Axim', region: 'Western' },
];

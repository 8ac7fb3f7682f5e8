import { GHANA_REGIONS } from '../../events/listing/places.policy.ts';
import { DomainError } from '../../events/store/errors.ts';
import { findTown } from '../contract/ghana-places.ts';
import { placeKey } from '../contract/place-search.ts';
import { citiesOf } from '../contract/places.ts';

/** Where a listing is, as a host sent it: `region` only for Ghana, and optional there. */
export type PlaceInput = { country: string; city: string; region?: string | undefined };

/** Where a listing is, as it is stored: the town as the gazetteer spells it, and its region ('' outside Ghana). */
export type ListingPlace = { city: string; region: string };

const refuse = (path: 'city' | 'region' | 'digitalAddress' | 'advanceRentMonths', message: string) =>
  new DomainError('invalid', 'invalid_input', message, { issues: [{ path, message }] });

const spaced = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * The town and region a listing is stored with (issue 33, docs/decisions/310). Ghana: a town of the
 * gazetteer is stored as it spells it, with its region ("hohoe " is Hohoe, Volta), and a region
 * that is not its own is refused; a town the gazetteer lacks (GeoNames holds only towns of about
 * 1,000 people or more) is taken as typed once its region is chosen, so a host in any village can
 * list. The other countries: one of their cities, and no region.
 */
export function resolvePlace({ country, city, region }: PlaceInput): ListingPlace {
  if (country !== 'Ghana') {
    if (region) throw refuse('region', 'Only a listing in Ghana has a region.');
    const known = citiesOf(country).find((name) => placeKey(name) === placeKey(city));
    if (!known) throw refuse('city', `Choose a city of ${country}: ${citiesOf(country).join(', ')}`);
    return { city: known, region: '' };
  }
  if (region !== undefined && region !== '' && !(GHANA_REGIONS as readonly string[]).includes(region))
    throw refuse('region', `Region must be one of ${GHANA_REGIONS.join(', ')}`);
  const found = findTown(city);
  if (found.kind === 'listed') {
    const { town } = found;
    if (region && region !== town.region)
      throw refuse('region', `${town.name} is in the ${town.region} region, not ${region}. Choose ${town.region}.`);
    return { city: town.name, region: town.region };
  }
  if (found.kind === 'ambiguous') {
    const inRegion = found.towns.find((town) => town.region === region);
    if (inRegion) return { city: inRegion.name, region: inRegion.region };
    const regions = found.towns.map((town) => town.region).join(' or ');
    throw refuse('region', `There is a ${found.towns[0]!.name} in ${regions}: choose its region.`);
  }
  if (region) return { city: spaced(city), region };
  const guess = found.suggestions[0];
  throw refuse(
    'city',
    `Choose a town of Ghana from the list${guess ? ` (did you mean ${guess.name}?)` : ''}, or choose the region first to add a town that is not listed.`,
  );
}

/** A GhanaPost GPS address (canonical already, or '') only on a Ghanaian listing. */
export function digitalAddressIn(country: string, digitalAddress: string): string {
  if (digitalAddress !== '' && country !== 'Ghana')
    throw refuse('digitalAddress', 'Only a listing in Ghana has a GhanaPost GPS address.');
  return digitalAddress;
}

/** Advance rent (months, or null for "not said") only on a rental: a sale has no rent to pay up front. */
export function advanceRentFor(listingType: string, advanceRentMonths: number | null): number | null {
  if (advanceRentMonths !== null && listingType !== 'rent')
    throw refuse(
      'advanceRentMonths',
      'Only a listing for rent asks rent up front: leave advance rent empty for a sale.',
    );
  return advanceRentMonths;
}

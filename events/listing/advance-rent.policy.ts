// Advance rent (issue 33): how many months of rent a host asks up front. Ghana's Rent Act, 1963
// (Act 220), section 25, caps what a landlord may demand for a tenancy at six months; landlords
// commonly ask one or two years. Efie does not refuse a longer advance (the host may be honest
// about it, and a renter is better told than left to find out at the viewing); the listing says
// what the law allows, and renters can keep to listings within it (docs/decisions/320).

/** The most months of rent the Rent Act lets a landlord in Ghana ask in advance. */
export const RENT_ACT_ADVANCE_LIMIT_MONTHS = 6;

/** The longest advance a listing may state: five years, beyond anything asked in practice. */
export const MAX_ADVANCE_RENT_MONTHS = 60;

/**
 * The longest advance a search may filter for ("at most N months up front"). A listing asking more
 * than this is found by no such filter, so search may hold any advance above it as one value.
 */
export const MAX_ADVANCE_RENT_FILTER = 24;

/** What the rule reads of a listing. `advanceRentMonths` is null when the host has not said. */
export type AdvanceRentTerms = { country: string; listingType: string; advanceRentMonths: number | null };

/** Whether a listing asks more rent up front than the Rent Act allows: a Ghanaian rental over six months. */
export const exceedsRentActAdvance = ({ country, listingType, advanceRentMonths }: AdvanceRentTerms): boolean =>
  country === 'Ghana' &&
  listingType === 'rent' &&
  advanceRentMonths !== null &&
  advanceRentMonths > RENT_ACT_ADVANCE_LIMIT_MONTHS;

import * as v from 'valibot';
import {
  ADVANCE_RENT_MESSAGE,
  citiesOf,
  CreatePropertySchema,
  DIGITAL_ADDRESS_MESSAGE,
  legacyRegionOf,
  PRICE_MESSAGE,
  REQUIRED_MESSAGE,
  UpdatePropertySchema,
  type CreatePropertyInput,
  type UpdatePropertyInput,
} from '../../lib/contract.ts';

// The wizard and the edit form check with the API's own schemas (api/contract), whose
// messages are the spec's: 'Please fill in all required fields', 'Please enter a valid price'.

/** What the person typed, as text, across the three wizard steps or the edit form. */
export type ListingDraft = {
  title: string;
  description: string;
  propertyType: string;
  category: string;
  listingType: string;
  country: string;
  /** A Ghanaian listing's region ('' when not chosen, and outside Ghana). */
  region: string;
  city: string;
  /** A Ghanaian listing's GhanaPost GPS address as typed ('' for none, and outside Ghana). */
  digitalAddress: string;
  address: string;
  pricePerNight: string;
  currency: string;
  pricingPeriod: string;
  /** Months of rent asked up front, as typed: '' for "not said" (and for a listing for sale). */
  advanceRentMonths: string;
  bedrooms: string;
  bathrooms: string;
  amenities: string[];
  images: string[];
};

/**
 * The fields of a draft or an autosaved form as stored on a phone, in today's names: before
 * issue 29 the price was kept as `price`, and drafts saved then must still open with it; before
 * issue 33 there was no region. Such a draft's town is one of the first 20, all in the gazetteer,
 * so no region ('') is right: the server gives a listed town its region, as does picking it again.
 * Nor was there a GhanaPost GPS address: such a draft has none (''), nor an advance rent ('', not said).
 */
export function upgradeDraftFields(fields: Record<string, unknown>): Record<string, unknown> {
  // A draft saved before regions were kept: its town's region when it is one of the first 20.
  const withRegion =
    'region' in fields ? fields : { ...fields, region: legacyRegionOf(String(fields.country), String(fields.city)) };
  const withAddress = 'digitalAddress' in withRegion ? withRegion : { ...withRegion, digitalAddress: '' };
  const withAdvance = 'advanceRentMonths' in withAddress ? withAddress : { ...withAddress, advanceRentMonths: '' };
  if (!('price' in withAdvance)) return withAdvance;
  const { price, ...rest } = withAdvance;
  return 'pricePerNight' in rest ? rest : { ...rest, pricePerNight: price };
}

export const emptyDraft = (): ListingDraft => ({
  title: '',
  description: '',
  propertyType: 'apartment',
  category: 'general',
  listingType: 'rent',
  country: 'Ghana',
  region: '',
  city: '',
  digitalAddress: '',
  address: '',
  pricePerNight: '',
  currency: 'GH₵',
  pricingPeriod: 'month',
  advanceRentMonths: '',
  bedrooms: '1',
  bathrooms: '1',
  amenities: [],
  images: [],
});

/**
 * The fewest rooms a listing may have, one rule for the wizard and the edit form: 0 bedrooms
 * is a studio (docs/decisions/160; the spec's edit form said 1, which turned an edited
 * studio into a one-bedroom flat the host never asked for).
 */
export const ROOMS_MIN = { bedrooms: 0, bathrooms: 1 } as const;

/** Spec part 1 §5: bedrooms and bathrooms default to 1 when not numeric. */
const roomCount = (text: string, min: number) => {
  const parsed = Number.parseInt(text, 10);
  return Number.isFinite(parsed) ? Math.max(min, parsed) : 1;
};

/** The one message to show for a refused form: the required-fields one wins, as in the spec's order. */
function firstMessage(issues: readonly v.BaseIssue<unknown>[]): string {
  const messages = issues.map((issue) => issue.message);
  return (
    messages.find((message) => message === REQUIRED_MESSAGE) ??
    messages.find((message) => message === PRICE_MESSAGE) ??
    messages[0] ??
    REQUIRED_MESSAGE
  );
}

export type Checked<T> = { ok: true; body: T } | { ok: false; message: string };

/** The fields both forms send, from what was typed. */
function draftFields(draft: ListingDraft) {
  return {
    title: draft.title,
    description: draft.description,
    propertyType: draft.propertyType,
    category: draft.category,
    listingType: draft.listingType,
    city: draft.city,
    region: draft.country === 'Ghana' ? draft.region : '',
    digitalAddress: draft.country === 'Ghana' ? draft.digitalAddress : '',
    country: draft.country,
    pricePerNight: draft.pricePerNight,
    currency: draft.currency,
    pricingPeriod: draft.pricingPeriod,
    // Only a rental asks rent up front: the server refuses one on a listing for sale.
    advanceRentMonths: draft.listingType === 'rent' ? draft.advanceRentMonths : '',
    bedrooms: roomCount(draft.bedrooms, ROOMS_MIN.bedrooms),
    bathrooms: roomCount(draft.bathrooms, ROOMS_MIN.bathrooms),
    amenities: draft.amenities,
    images: draft.images,
  };
}

/**
 * What is wrong with a typed GhanaPost GPS address, by the contract's own rule (the field's
 * inline error): DIGITAL_ADDRESS_MESSAGE, or undefined for a code it reads and for none.
 */
export function digitalAddressProblem(text: string): string | undefined {
  return v.safeParse(UpdatePropertySchema, { digitalAddress: text }).success ? undefined : DIGITAL_ADDRESS_MESSAGE;
}

/** A typed GhanaPost GPS address in the form the server stores (GA-183-8164), or as typed when it reads none. */
export function canonicalDigitalAddress(text: string): string {
  const parsed = v.safeParse(UpdatePropertySchema, { digitalAddress: text });
  return parsed.success ? (parsed.output.digitalAddress ?? text) : text;
}

/**
 * What is wrong with typed months of advance rent, by the contract's rule (the field's inline
 * error): ADVANCE_RENT_MESSAGE, or undefined for a whole number in range and for none ('').
 */
export function advanceRentProblem(text: string): string | undefined {
  return v.safeParse(UpdatePropertySchema, { advanceRentMonths: text }).success ? undefined : ADVANCE_RENT_MESSAGE;
}

/** Typed months of advance rent as the server stores them: a number, null for none, or as typed when not a number. */
export function advanceRentValue(text: string): number | string | null {
  const parsed = v.safeParse(UpdatePropertySchema, { advanceRentMonths: text });
  return parsed.success ? (parsed.output.advanceRentMonths ?? null) : text;
}

/**
 * Outside Ghana a listing's city is one of the country's few (the server's rule, checked here too
 * so a queued listing is not refused later); Ghana's towns are the server's to check, since the
 * gazetteer is loaded only by the town field.
 */
function cityProblem(draft: ListingDraft): string | undefined {
  if (draft.country === 'Ghana' || draft.city.trim() === '') return undefined;
  const cities = citiesOf(draft.country);
  return cities.includes(draft.city) ? undefined : `Choose a city of ${draft.country}: ${cities.join(', ')}`;
}

export function checkNewListing(draft: ListingDraft): Checked<CreatePropertyInput> {
  // An empty address is left out: the API fills in "city, country".
  const body = {
    ...draftFields(draft),
    ...(draft.address.trim() ? { address: draft.address.trim() } : {}),
  } as CreatePropertyInput;
  const result = v.safeParse(CreatePropertySchema, body);
  const problem = cityProblem(draft);
  if (result.success && problem) return { ok: false, message: problem };
  return result.success
    ? { ok: true, body: result.output as CreatePropertyInput }
    : { ok: false, message: firstMessage(result.issues) };
}

export function checkEdit(
  draft: ListingDraft,
  extra: { isActive: boolean; expectedVersion: number },
): Checked<UpdatePropertyInput> {
  // Spec part 1 §5 (edit): title, address, city and country are required.
  if ([draft.title, draft.address, draft.city, draft.country].some((value) => value.trim() === ''))
    return { ok: false, message: REQUIRED_MESSAGE };
  const body = { ...draftFields(draft), address: draft.address, ...extra } as UpdatePropertyInput;
  const result = v.safeParse(UpdatePropertySchema, body);
  const problem = cityProblem(draft);
  if (result.success && problem) return { ok: false, message: problem };
  return result.success
    ? { ok: true, body: result.output as UpdatePropertyInput }
    : { ok: false, message: firstMessage(result.issues) };
}

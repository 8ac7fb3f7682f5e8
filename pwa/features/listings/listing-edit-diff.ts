import * as v from 'valibot';
import {
  AMENITY_IDS,
  CATEGORIES,
  CURRENCIES,
  exceedsRentActAdvance,
  LISTING_TYPES,
  PRICING_PERIODS,
  PROPERTY_TYPES,
  type Property,
  type UpdatePropertyInput,
} from '../../lib/contract.ts';
import { advanceRentValue, canonicalDigitalAddress } from './listing-form.schema.ts';

// Which fields of a listing an edit changes, which the server changed meanwhile, and where
// the two meet. Pure: the edit form (point 1), the outbox's coalescing (point 2) and the
// refused-edit screen (point 3) all ask the same questions of the same values.

export const EDITABLE_FIELDS = [
  'title',
  'description',
  'propertyType',
  'category',
  'listingType',
  'country',
  'region',
  'city',
  'digitalAddress',
  'address',
  'pricePerNight',
  'currency',
  'pricingPeriod',
  'advanceRentMonths',
  'bedrooms',
  'bathrooms',
  'amenities',
  'images',
  'isActive',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/**
 * The editable part of a listing, as the server answers it, with no region and no GPS address as ''
 * (the server says null, and leaves the address out for those who may not see it).
 */
export type ListingValues = Omit<Pick<Property, EditableField>, 'region' | 'digitalAddress'> & {
  region: string;
  digitalAddress: string;
};
/** What an edit sets: some of those fields (a form sends them all, a re-applied edit only its own). */
export type EditValues = Partial<Record<EditableField, unknown>>;

/** Read back from IndexedDB (a boundary): the values an edit was based on. */
export const ListingValuesSchema = v.object({
  title: v.string(),
  description: v.string(),
  propertyType: v.picklist(PROPERTY_TYPES),
  category: v.picklist(CATEGORIES),
  listingType: v.picklist(LISTING_TYPES),
  country: v.string(),
  // Bases queued before issue 33 have none: '' is "not known", which the server fills from the town.
  region: v.optional(v.string(), ''),
  city: v.string(),
  // Bases queued before the GhanaPost GPS address have none.
  digitalAddress: v.optional(v.string(), ''),
  address: v.string(),
  pricePerNight: v.number(),
  currency: v.picklist(CURRENCIES),
  pricingPeriod: v.picklist(PRICING_PERIODS),
  // Bases queued before advance rent have none: not said.
  advanceRentMonths: v.optional(v.nullable(v.number()), null),
  bedrooms: v.number(),
  bathrooms: v.number(),
  amenities: v.array(v.picklist(AMENITY_IDS)),
  images: v.array(v.string()),
  isActive: v.boolean(),
}) satisfies v.GenericSchema<unknown, ListingValues>;

export const FIELD_LABELS: Record<EditableField, string> = {
  title: 'Title',
  description: 'Description',
  propertyType: 'Property type',
  category: 'Category',
  listingType: 'Listing type',
  country: 'Country',
  region: 'Region',
  city: 'City',
  digitalAddress: 'GPS address',
  address: 'Address',
  pricePerNight: 'Price',
  currency: 'Currency',
  pricingPeriod: 'Per',
  advanceRentMonths: 'Rent up front',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  amenities: 'Amenities',
  images: 'Photos',
  isActive: 'Active',
};

export function listingValues(property: Pick<Property, EditableField> | ListingValues): ListingValues {
  const values = {} as Record<EditableField, unknown>;
  for (const field of EDITABLE_FIELDS) values[field] = property[field];
  return {
    ...values,
    region: property.region ?? '',
    digitalAddress: property.digitalAddress ?? '',
    // A copy cached before the server said it has none: not said.
    advanceRentMonths: property.advanceRentMonths ?? null,
  } as ListingValues;
}

/** The fields of an edit's body (its expectedVersion and anything else left out). */
export function editValues(body: UpdatePropertyInput): EditValues {
  const values: EditValues = {};
  for (const field of EDITABLE_FIELDS) if (body[field] !== undefined) values[field] = body[field];
  return values;
}

/**
 * A listing as this device shows it once an edit is applied (an edit waiting in the outbox): the
 * edit's fields, and the Rent Act flag that follows from them, as the server will answer it.
 */
export function withEdit(property: Property, body: UpdatePropertyInput): Property {
  const edited = { ...property, ...editValues(body) } as Property;
  return { ...edited, exceedsRentActAdvance: exceedsRentActAdvance(edited) };
}

// Amenities are a set (the form toggles them in any order); photos keep their order (the first is the cover).
const normal = (field: EditableField, value: unknown): unknown => {
  // The server answers null for no region, the form and stored bases hold ''.
  if (field === 'region') return value ?? '';
  // The form holds it as typed ("ga 183 8164"), the server as GA-183-8164.
  if (field === 'digitalAddress') return canonicalDigitalAddress(String(value ?? ''));
  // The form holds text ('' for not said), the server a number or null.
  if (field === 'advanceRentMonths') return advanceRentValue(value == null ? '' : String(value));
  if (Array.isArray(value)) return field === 'amenities' ? [...value].map(String).sort() : value.map(String);
  if (field === 'pricePerNight' || field === 'bedrooms' || field === 'bathrooms')
    return value === '' || value == null ? value : Number(value);
  return value;
};

export function sameValue(field: EditableField, a: unknown, b: unknown): boolean {
  return JSON.stringify(normal(field, a)) === JSON.stringify(normal(field, b));
}

/** The fields `to` sets to something else than `from` holds (fields `to` leaves out are unchanged). */
export function changedFields(from: EditValues, to: EditValues): EditableField[] {
  return EDITABLE_FIELDS.filter(
    (field) => field in to && to[field] !== undefined && !sameValue(field, from[field], to[field]),
  );
}

export type EditComparison = {
  /** Changed by the person since the base. */
  mine: EditableField[];
  /** Changed on the server since the base. */
  theirs: EditableField[];
  /** Changed by both, to different values: the person must choose. */
  conflicts: EditableField[];
};

/** Three-way: the base the person started from, what they want now, and what the server holds now. */
export function compareEdit(base: EditValues, mine: EditValues, theirs: EditValues): EditComparison {
  const mineChanged = changedFields(base, mine);
  const theirsChanged = changedFields(base, theirs);
  const conflicts = mineChanged.filter(
    (field) => theirsChanged.includes(field) && !sameValue(field, mine[field], theirs[field]),
  );
  return { mine: mineChanged, theirs: theirsChanged, conflicts };
}

/** The base with some fields taken from a newer copy: those fields are no longer "changed on the server". */
export function takeFields<T extends EditValues>(base: T, newer: EditValues, fields: readonly EditableField[]): T {
  const next: EditValues = { ...base };
  for (const field of fields) next[field] = newer[field];
  return next as T;
}

/**
 * An edit re-applied on top of a newer copy: only the fields the person changed from their
 * base (all of theirs when the base is not known), with the newer copy's version, so that
 * what someone else changed meanwhile and the person did not touch stays as it is now.
 */
export function reapplyEdit(
  body: UpdatePropertyInput,
  base: EditValues | undefined,
  newer: { version: number },
): UpdatePropertyInput {
  const mine = editValues(body);
  const fields = base ? changedFields(base, mine) : (Object.keys(mine) as EditableField[]);
  const next: Record<string, unknown> = { expectedVersion: newer.version };
  for (const field of fields) next[field] = mine[field];
  return next as UpdatePropertyInput;
}

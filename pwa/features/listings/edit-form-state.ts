import * as v from 'valibot';
import { editValues, type EditableField, type EditValues, type ListingValues } from './listing-edit-diff.ts';
import type { UpdatePropertyInput } from '../../lib/contract.ts';
import { upgradeDraftFields, type ListingDraft } from './listing-form.schema.ts';

// The edit form's state, and its translation to and from a listing's values: the form holds
// text as typed (a price may be half-written), the diff compares values.

/** The version the form was filled from and that copy's values: what the save is checked against. */
export type EditBase = { version: number; values: ListingValues };
export type EditFormState = { draft: ListingDraft; isActive: boolean };

export const toDraft = (values: ListingValues): ListingDraft => ({
  title: values.title,
  description: values.description,
  propertyType: values.propertyType,
  category: values.category,
  listingType: values.listingType,
  country: values.country,
  region: values.region,
  city: values.city,
  digitalAddress: values.digitalAddress,
  address: values.address,
  pricePerNight: String(values.pricePerNight ?? ''),
  currency: values.currency,
  pricingPeriod: values.pricingPeriod,
  advanceRentMonths: values.advanceRentMonths == null ? '' : String(values.advanceRentMonths),
  bedrooms: String(values.bedrooms),
  bathrooms: String(values.bathrooms),
  amenities: values.amenities ?? [],
  images: values.images ?? [],
});

export const formFromValues = (values: ListingValues): EditFormState => ({
  draft: toDraft(values),
  isActive: values.isActive,
});

/** The form's values in a listing's terms, for comparing (numbers stay as typed: the diff reads them as numbers). */
export const formValues = ({ draft, isActive }: EditFormState): EditValues => ({ ...draft, isActive });

/** The form with some fields set from another copy of the listing (the person took theirs). */
export function takeIntoForm(
  form: EditFormState,
  values: ListingValues,
  fields: readonly EditableField[],
): EditFormState {
  const source = toDraft(values);
  const draft = { ...form.draft };
  for (const field of fields) {
    if (field === 'isActive') continue;
    (draft as Record<string, unknown>)[field] = source[field];
  }
  return { draft, isActive: fields.includes('isActive') ? values.isActive : form.isActive };
}

/** A queued edit's body laid over the values it was based on: the form as the person left it. */
export function formFromEdit(base: ListingValues, body: UpdatePropertyInput): EditFormState {
  return formFromValues({ ...base, ...editValues(body) } as ListingValues);
}

/** An autosaved form read back from IndexedDB (a boundary): used only if it has the form's shape. */
const text = v.string();
const EditFormStateSchema = v.object({
  draft: v.object({
    title: text,
    description: text,
    propertyType: text,
    category: text,
    listingType: text,
    country: text,
    region: text,
    city: text,
    digitalAddress: text,
    address: text,
    pricePerNight: text,
    currency: text,
    pricingPeriod: text,
    advanceRentMonths: text,
    bedrooms: text,
    bathrooms: text,
    amenities: v.array(text),
    images: v.array(text),
  }),
  isActive: v.boolean(),
});
export function parseFormState(stored: unknown): EditFormState | null {
  const draft = (stored as { draft?: unknown } | null | undefined)?.draft;
  const upgraded =
    typeof draft === 'object' && draft !== null
      ? { ...(stored as object), draft: upgradeDraftFields(draft as Record<string, unknown>) }
      : stored;
  const parsed = v.safeParse(EditFormStateSchema, upgraded);
  return parsed.success ? parsed.output : null;
}

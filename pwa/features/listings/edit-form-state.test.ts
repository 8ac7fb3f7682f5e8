import { describe, expect, it } from 'vitest';
import { changedFields, type ListingValues } from './listing-edit-diff.ts';
import { formFromEdit, formFromValues, formValues, parseFormState, takeIntoForm } from './edit-form-state.ts';

const listing: ListingValues = {
  title: 'Flat in Osu',
  description: 'Bright',
  propertyType: 'apartment',
  category: 'general',
  listingType: 'rent',
  country: 'Ghana',
  region: 'Greater Accra',
  digitalAddress: '',
  city: 'Accra',
  address: '4 Cantonments Road',
  pricePerNight: 2200,
  currency: 'GH₵',
  pricingPeriod: 'month',
  advanceRentMonths: null,
  bedrooms: 2,
  bathrooms: 1,
  amenities: ['wifi'],
  images: ['/a.jpg'],
  isActive: true,
};

describe('edit form state', () => {
  it('an untouched form differs from its listing in nothing', () => {
    expect(changedFields(listing, formValues(formFromValues(listing)))).toEqual([]);
  });

  it('reads a half-typed price and changed rooms as changes', () => {
    const form = formFromValues(listing);
    const typed = { ...form, draft: { ...form.draft, pricePerNight: '25', bedrooms: '3' } };
    expect(changedFields(listing, formValues(typed))).toEqual(['pricePerNight', 'bedrooms']);
  });

  it('takes only the chosen fields from a newer copy, the active switch included', () => {
    const form = { ...formFromValues(listing), draft: { ...formFromValues(listing).draft, title: 'Mine' } };
    const newer = { ...listing, title: 'Theirs', pricePerNight: 3000, isActive: false };
    const taken = takeIntoForm(form, newer, ['pricePerNight', 'isActive']);
    expect(taken.draft).toMatchObject({ title: 'Mine', pricePerNight: '3000' });
    expect(taken.isActive).toBe(false);
  });

  it('lays a queued edit over the values it was based on', () => {
    expect(formFromEdit(listing, { title: 'Mine', pricePerNight: 2500, expectedVersion: 4 }).draft).toMatchObject({
      title: 'Mine',
      pricePerNight: '2500',
      city: 'Accra',
    });
  });

  it('uses an autosaved form only if it has the form’s shape', () => {
    const form = formFromValues(listing);
    expect(parseFormState(JSON.parse(JSON.stringify(form)))).toEqual(form);
    expect(parseFormState({ draft: { title: 1 }, isActive: true })).toBeNull();
    expect(parseFormState(undefined)).toBeNull();
  });

  it('reads a form autosaved before issue 29, with the price kept as `price`, with its price', () => {
    const { pricePerNight, ...rest } = formFromValues(listing).draft;
    const old = { draft: { ...rest, price: '2350' }, isActive: false };
    expect(parseFormState(JSON.parse(JSON.stringify(old)))).toEqual({
      draft: { ...rest, pricePerNight: '2350' },
      isActive: false,
    });
    expect(pricePerNight).toBe('2200');
  });

  it('holds advance rent as text, none as "", and an untouched one is no change', () => {
    const asking = { ...listing, advanceRentMonths: 12 };
    expect(formFromValues(asking).draft.advanceRentMonths).toBe('12');
    expect(formFromValues(listing).draft.advanceRentMonths).toBe('');
    expect(changedFields(asking, formValues(formFromValues(asking)))).toEqual([]);
    const form = formFromValues(asking);
    const cleared = { ...form, draft: { ...form.draft, advanceRentMonths: '' } };
    expect(changedFields(asking, formValues(cleared))).toEqual(['advanceRentMonths']);
  });

  it('lays a queued edit of advance rent over its base as text', () => {
    expect(formFromEdit(listing, { advanceRentMonths: 24, expectedVersion: 3 }).draft.advanceRentMonths).toBe('24');
    expect(
      formFromEdit({ ...listing, advanceRentMonths: 6 }, { advanceRentMonths: null }).draft.advanceRentMonths,
    ).toBe('');
  });

  it('reads a form autosaved before advance rent as not saying it', () => {
    const { advanceRentMonths: _, ...rest } = formFromValues(listing).draft;
    expect(parseFormState(JSON.parse(JSON.stringify({ draft: rest, isActive: true })))).toEqual({
      draft: { ...rest, advanceRentMonths: '' },
      isActive: true,
    });
  });

  it('reads a form autosaved before the GhanaPost GPS address as having none', () => {
    const { digitalAddress: _, ...rest } = formFromValues(listing).draft;
    const old = { draft: rest, isActive: true };
    expect(parseFormState(JSON.parse(JSON.stringify(old)))).toEqual({
      draft: { ...rest, digitalAddress: '' },
      isActive: true,
    });
  });
});

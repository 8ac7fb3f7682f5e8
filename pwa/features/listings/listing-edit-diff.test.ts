import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  compareEdit,
  editValues,
  listingValues,
  ListingValuesSchema,
  reapplyEdit,
  sameValue,
  takeFields,
  withEdit,
  type ListingValues,
} from './listing-edit-diff.ts';
import type { UpdatePropertyInput } from '../../lib/contract.ts';

const base: ListingValues = {
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
  amenities: ['wifi', 'parking'],
  images: ['/a.jpg', '/b.jpg'],
  isActive: true,
};

describe('listing edit diff', () => {
  it('reads only the editable fields of a listing and of an edit body', () => {
    expect(Object.keys(listingValues({ ...base, version: 3, id: 'x' } as ListingValues))).not.toContain('version');
    expect(editValues({ title: 'New', expectedVersion: 4 })).toEqual({ title: 'New' });
  });

  it('treats amenities as a set, photos as a list, and numbers typed as text as numbers', () => {
    expect(sameValue('amenities', ['wifi', 'parking'], ['parking', 'wifi'])).toBe(true);
    expect(sameValue('images', ['/a.jpg', '/b.jpg'], ['/b.jpg', '/a.jpg'])).toBe(false);
    expect(sameValue('pricePerNight', 2200, '2200')).toBe(true);
    expect(sameValue('title', 'a', 'b')).toBe(false);
  });

  it('lists the fields a newer copy changes, ignoring fields it leaves out', () => {
    expect(changedFields(base, { title: 'Flat in Osu', pricePerNight: 3000 })).toEqual(['pricePerNight']);
    expect(changedFields(base, { ...base, isActive: false })).toEqual(['isActive']);
  });

  it('tells apart what the person changed, what the server changed, and where they collide', () => {
    const mine = { ...base, title: 'Mine', pricePerNight: 2500 };
    const theirs = { ...base, title: 'Theirs', isActive: false };
    expect(compareEdit(base, mine, theirs)).toEqual({
      mine: ['title', 'pricePerNight'],
      theirs: ['title', 'isActive'],
      conflicts: ['title'],
    });
  });

  it('does not call the same change made on both sides a conflict', () => {
    expect(compareEdit(base, { ...base, title: 'Same' }, { ...base, title: 'Same' }).conflicts).toEqual([]);
  });

  it('takes chosen fields from the newer copy into the base, so they no longer count as changed on the server', () => {
    const theirs = { ...base, pricePerNight: 3000, isActive: false };
    const next = takeFields(base, theirs, ['pricePerNight']);
    expect(changedFields(next, theirs)).toEqual(['isActive']);
    expect(base.pricePerNight).toBe(2200);
  });

  it('re-applies only the fields the person changed, on the newer version', () => {
    const body = { ...base, title: 'Mine', pricePerNight: 2500, expectedVersion: 4 } as UpdatePropertyInput;
    expect(reapplyEdit(body, base, { version: 7 })).toEqual({ title: 'Mine', pricePerNight: 2500, expectedVersion: 7 });
  });

  it('re-applies every field of the edit when its base is not known (an item from an older version)', () => {
    expect(reapplyEdit({ title: 'Mine', expectedVersion: 4 }, undefined, { version: 7 })).toEqual({
      title: 'Mine',
      expectedVersion: 7,
    });
  });

  it('calls no region ("" in the form, null from the server) the same, and a new region a change', () => {
    expect(sameValue('region', null, '')).toBe(true);
    expect(changedFields(base, { ...base, region: 'Volta', city: 'Hohoe' })).toEqual(['region', 'city']);
  });

  it('calls a GPS address as typed and as the server stores it the same, and none ("", null, left out) the same', () => {
    expect(sameValue('digitalAddress', 'ga 183 8164', 'GA-183-8164')).toBe(true);
    expect(sameValue('digitalAddress', null, '')).toBe(true);
    expect(changedFields(base, { ...base, digitalAddress: 'GA-183-8164' })).toEqual(['digitalAddress']);
    expect(listingValues({ ...base, digitalAddress: undefined } as never).digitalAddress).toBe('');
  });

  it('calls advance rent typed and as the server stores it the same, and not said ("", null, left out) the same', () => {
    expect(sameValue('advanceRentMonths', '12', 12)).toBe(true);
    expect(sameValue('advanceRentMonths', ' 6 ', 6)).toBe(true);
    expect(sameValue('advanceRentMonths', '', null)).toBe(true);
    expect(sameValue('advanceRentMonths', undefined, null)).toBe(true);
    expect(sameValue('advanceRentMonths', '0', null)).toBe(false);
    expect(sameValue('advanceRentMonths', '1.5', 1)).toBe(false);
    expect(changedFields(base, { ...base, advanceRentMonths: 24 })).toEqual(['advanceRentMonths']);
    expect(listingValues({ ...base, advanceRentMonths: undefined } as never).advanceRentMonths).toBeNull();
  });

  it('re-applies a queued advance rent on a newer copy when the person changed it, and only then', () => {
    // What the edit form sends: every field, the advance as the contract read it.
    const form = { ...base, expectedVersion: 4 } as UpdatePropertyInput;
    expect(reapplyEdit({ ...form, advanceRentMonths: 3 }, base, { version: 6 })).toEqual({
      expectedVersion: 6,
      advanceRentMonths: 3,
    });
    expect(reapplyEdit({ ...form, advanceRentMonths: null }, base, { version: 6 })).toEqual({ expectedVersion: 6 });
  });

  it('shows a queued edit of advance rent with the Rent Act flag it will have on the server', () => {
    const listing = { ...base, id: 'x', version: 3, advanceRentMonths: 3, exceedsRentActAdvance: false } as never;
    expect(withEdit(listing, { advanceRentMonths: 12, expectedVersion: 3 })).toMatchObject({
      advanceRentMonths: 12,
      exceedsRentActAdvance: true,
      version: 3,
    });
    const asking = { ...base, id: 'x', advanceRentMonths: 12, exceedsRentActAdvance: true } as never;
    expect(withEdit(asking, { advanceRentMonths: 6 })).toMatchObject({ exceedsRentActAdvance: false });
    expect(withEdit(asking, { listingType: 'sale', advanceRentMonths: null })).toMatchObject({
      advanceRentMonths: null,
      exceedsRentActAdvance: false,
    });
    expect(withEdit(asking, { country: 'Jamaica' })).toMatchObject({ exceedsRentActAdvance: false });
  });

  it('reads a base queued before advance rent as not saying it', () => {
    const { advanceRentMonths: _, ...old } = base;
    expect(v.parse(ListingValuesSchema, old)).toEqual(base);
    expect(v.parse(ListingValuesSchema, { ...base, advanceRentMonths: 12 }).advanceRentMonths).toBe(12);
  });

  it('reads a base queued before the GPS address as having none', () => {
    const { digitalAddress: _, ...old } = base;
    expect(v.parse(ListingValuesSchema, old)).toEqual(base);
  });

  it('reads a base stored before issue 33, which has no region, as having none', () => {
    const { region: _, ...old } = base;
    expect(v.parse(ListingValuesSchema, old)).toEqual({ ...base, region: '' });
    expect(listingValues({ ...base, region: null })).toEqual({ ...base, region: '' });
  });
});

import { describe, expect, it } from 'vitest';
import { changedFields, editValues, type ListingValues } from './listing-edit-diff.ts';
import { formFromValues } from './edit-form-state.ts';
import { ADVANCE_RENT_MESSAGE, DIGITAL_ADDRESS_MESSAGE } from '../../lib/contract.ts';
import {
  advanceRentProblem,
  advanceRentValue,
  checkEdit,
  checkNewListing,
  digitalAddressProblem,
  emptyDraft,
  upgradeDraftFields,
} from './listing-form.schema.ts';

const filled = { ...emptyDraft(), title: 'Flat', description: 'Nice', city: 'Accra', pricePerNight: 'GH₵ 1,500' };

describe('new listing checks (the API contract schema)', () => {
  it('strips currency symbols, commas and spaces from the price', () => {
    const result = checkNewListing({ ...filled, pricePerNight: 'GH₵ 1,500.50' });
    expect(result.ok && result.body.pricePerNight).toBe(1500.5);
  });
  it('asks for the required fields first', () => {
    expect(checkNewListing({ ...filled, title: ' ', pricePerNight: '0' })).toEqual({
      ok: false,
      message: 'Please fill in all required fields',
    });
  });
  it('refuses a price that is not above 0', () => {
    expect(checkNewListing({ ...filled, pricePerNight: '0' })).toEqual({
      ok: false,
      message: 'Please enter a valid price',
    });
  });
  it('defaults the address to "city, country" and rooms to 1', () => {
    const result = checkNewListing({ ...filled, bedrooms: 'x', bathrooms: '' });
    expect(result.ok && result.body).toMatchObject({
      address: 'Accra, Ghana',
      bedrooms: 1,
      bathrooms: 1,
      pricePerNight: 1500,
    });
  });
});

describe('the place (issue 33)', () => {
  it('sends a Ghanaian town with its region, and one the gazetteer lacks as typed', () => {
    const hohoe = checkNewListing({ ...filled, city: 'Hohoe', region: 'Volta' });
    expect(hohoe.ok && hohoe.body).toMatchObject({ country: 'Ghana', city: 'Hohoe', region: 'Volta' });
    const edited = checkEdit(
      { ...filled, address: '1 Ring Road', city: 'Nkwanta', region: 'Oti' },
      { isActive: true, expectedVersion: 2 },
    );
    expect(edited.ok && edited.body).toMatchObject({ city: 'Nkwanta', region: 'Oti' });
  });
  it('sends no region outside Ghana, whatever the form still held', () => {
    const result = checkNewListing({ ...filled, country: 'Jamaica', city: 'Negril', region: 'Volta', currency: '$' });
    expect(result.ok && result.body).toMatchObject({ country: 'Jamaica', city: 'Negril', region: '' });
  });
  it("refuses a city that is not one of another country's", () => {
    expect(checkNewListing({ ...filled, country: 'Jamaica', city: 'Hohoe' })).toEqual({
      ok: false,
      message: 'Choose a city of Jamaica: Kingston, Montego Bay, Ocho Rios, Negril, Spanish Town',
    });
  });
});

describe('the GhanaPost GPS address (issue 33)', () => {
  it('sends a code typed the way people type it in its canonical form, and none as ""', () => {
    const typed = checkNewListing({ ...filled, digitalAddress: ' ga 183 8164 ' });
    expect(typed.ok && typed.body.digitalAddress).toBe('GA-183-8164');
    const none = checkNewListing(filled);
    expect(none.ok && none.body.digitalAddress).toBe('');
    const edited = checkEdit(
      { ...filled, address: '1 Ring Road', digitalAddress: 'ga1838164' },
      { isActive: true, expectedVersion: 2 },
    );
    expect(edited.ok && edited.body.digitalAddress).toBe('GA-183-8164');
  });
  it('refuses what is not a code with the contract message, inline and on submit', () => {
    expect(digitalAddressProblem('GA-18-8164')).toBe(DIGITAL_ADDRESS_MESSAGE);
    expect(digitalAddressProblem('Behind the church')).toBe('Enter a GhanaPost GPS address like GA-183-8164');
    expect(digitalAddressProblem('')).toBeUndefined();
    expect(digitalAddressProblem('GA-0183-8164')).toBeUndefined();
    expect(checkNewListing({ ...filled, digitalAddress: 'GA-183' })).toEqual({
      ok: false,
      message: DIGITAL_ADDRESS_MESSAGE,
    });
  });
  it('sends none outside Ghana, whatever the form still held', () => {
    const result = checkNewListing({
      ...filled,
      country: 'Jamaica',
      city: 'Negril',
      currency: '$',
      digitalAddress: 'not a code',
    });
    expect(result.ok && result.body.digitalAddress).toBe('');
  });
});

describe('advance rent (issue 33)', () => {
  it('sends months typed as a number, and none (empty) as null', () => {
    const asked = checkNewListing({ ...filled, advanceRentMonths: ' 24 ' });
    expect(asked.ok && asked.body.advanceRentMonths).toBe(24);
    const none = checkNewListing(filled);
    expect(none.ok && none.body.advanceRentMonths).toBeNull();
    const zero = checkNewListing({ ...filled, advanceRentMonths: '0' });
    expect(zero.ok && zero.body.advanceRentMonths).toBe(0);
    const edited = checkEdit(
      { ...filled, address: '1 Ring Road', advanceRentMonths: '3' },
      { isActive: true, expectedVersion: 2 },
    );
    expect(edited.ok && edited.body.advanceRentMonths).toBe(3);
  });
  it('refuses what is not a whole number of months from 0 to 60 with the contract message', () => {
    for (const typed of ['1.5', '-1', '61', 'two', '6 months']) {
      expect(advanceRentProblem(typed)).toBe(ADVANCE_RENT_MESSAGE);
      expect(checkNewListing({ ...filled, advanceRentMonths: typed })).toEqual({
        ok: false,
        message: ADVANCE_RENT_MESSAGE,
      });
    }
    expect(ADVANCE_RENT_MESSAGE).toBe('Advance rent must be a whole number of months from 0 to 60');
    for (const typed of ['', ' ', '0', '6', '60']) expect(advanceRentProblem(typed)).toBeUndefined();
  });
  it('reads typed months as the server stores them, and keeps what does not read as typed', () => {
    expect(advanceRentValue('12')).toBe(12);
    expect(advanceRentValue('')).toBeNull();
    expect(advanceRentValue('1.5')).toBe('1.5');
  });
  it('sends none for a listing for sale, whatever the form still held (the server refuses one)', () => {
    const sale = checkNewListing({ ...filled, listingType: 'sale', advanceRentMonths: '12' });
    expect(sale.ok && sale.body.advanceRentMonths).toBeNull();
    const notReadable = checkEdit(
      { ...filled, address: '1 Ring Road', listingType: 'sale', advanceRentMonths: 'two' },
      { isActive: true, expectedVersion: 2 },
    );
    expect(notReadable.ok && notReadable.body.advanceRentMonths).toBeNull();
  });
  it('a form saved before advance rent opens as not saying it', () => {
    expect(upgradeDraftFields({ title: 'Flat', region: '', digitalAddress: '' })).toEqual({
      title: 'Flat',
      region: '',
      digitalAddress: '',
      advanceRentMonths: '',
    });
    expect(upgradeDraftFields({ title: 'Flat', region: '', digitalAddress: '', advanceRentMonths: '6' })).toMatchObject(
      {
        advanceRentMonths: '6',
      },
    );
  });
});

describe('edit checks', () => {
  it('requires title, address, city and country', () => {
    expect(checkEdit({ ...filled, address: '' }, { isActive: true, expectedVersion: 1 })).toEqual({
      ok: false,
      message: 'Please fill in all required fields',
    });
  });
  it('sends isActive and the expected version', () => {
    const result = checkEdit({ ...filled, address: '1 Ring Road' }, { isActive: false, expectedVersion: 3 });
    expect(result.ok && result.body).toMatchObject({ isActive: false, expectedVersion: 3, address: '1 Ring Road' });
  });
});

describe('a studio (0 bedrooms), issue 28 point 1', () => {
  const studio: ListingValues = {
    title: 'Studio in Osu',
    description: 'One room and a kitchenette',
    propertyType: 'studio',
    category: 'general',
    listingType: 'rent',
    country: 'Ghana',
    region: 'Greater Accra',
    digitalAddress: '',
    city: 'Accra',
    address: '4 Oxford Street',
    pricePerNight: 1800,
    currency: 'GH₵',
    pricingPeriod: 'month',
    advanceRentMonths: null,
    bedrooms: 0,
    bathrooms: 1,
    amenities: ['wifi'],
    images: [],
    isActive: true,
  };

  it('is allowed by the wizard and by the edit form alike', () => {
    const created = checkNewListing({ ...filled, bedrooms: '0' });
    expect(created.ok && created.body.bedrooms).toBe(0);
    const edited = checkEdit(
      { ...filled, address: '1 Ring Road', bedrooms: '0' },
      { isActive: true, expectedVersion: 1 },
    );
    expect(edited.ok && edited.body.bedrooms).toBe(0);
  });

  it('an edit of its price and address changes those two fields and nothing else', () => {
    const form = formFromValues(studio);
    const checked = checkEdit(
      { ...form.draft, pricePerNight: '1950', address: '6 Oxford Street' },
      { isActive: form.isActive, expectedVersion: 1 },
    );
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(changedFields(studio, editValues(checked.body))).toEqual(['address', 'pricePerNight']);
  });
});

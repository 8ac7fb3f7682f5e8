import { describe, expect, it } from 'vitest';
import { createEventDecoder, UnreadableEventError } from '../store/event-type.ts';
import { listingEventTypes, PropertyEdited, PropertySubmitted } from './listing.events.ts';

const decode = createEventDecoder(listingEventTypes);

/** A listing's details as version 1 stored them: no region. */
const v1Details = (city: string, country: string) => ({
  title: 'Flat',
  description: 'Nice',
  propertyType: 'apartment',
  category: 'general',
  listingType: 'rent',
  address: 'Ring Road',
  city,
  country,
  location: `${city}, ${country}`,
  pricePerNight: 1200,
  currency: country === 'Ghana' ? 'GH₵' : '$',
  pricingPeriod: 'month',
  bedrooms: 2,
  bathrooms: 1,
  amenities: [],
});
const submittedV1 = (details: object) => ({
  type: 'PropertySubmitted',
  schemaVersion: 1,
  data: { propertyId: 'p-1', ownerId: 'o-1', details, images: [], submittedAt: '2026-01-01T00:00:00.000Z' },
});
const editedV1 = (changes: object) => ({
  type: 'PropertyEdited',
  schemaVersion: 1,
  data: { propertyId: 'p-1', changes, editedBy: 'o-1', editedAt: '2026-01-02T00:00:00.000Z' },
});
const regionOf = (event: ReturnType<typeof decode>) =>
  event.type === 'PropertySubmitted'
    ? event.data.details.region
    : event.type === 'PropertyEdited'
      ? event.data.changes.region
      : 'none';

describe('listing events: version 1 read as version 2 (regions)', () => {
  it('are at their current versions, and new events are written at them', () => {
    expect(PropertySubmitted.version).toBe(4);
    expect(PropertyEdited.version).toBe(2);
    expect(PropertyEdited.create({ propertyId: 'p', changes: {}, editedBy: 'o', editedAt: 'now' }).schemaVersion).toBe(
      2,
    );
  });

  it('gives a submitted Ghanaian listing of the first list its town’s region, and any other listing none', () => {
    expect(regionOf(decode(submittedV1(v1Details('Kumasi', 'Ghana'))))).toBe('Ashanti');
    expect(regionOf(decode(submittedV1(v1Details('Techiman', 'Ghana'))))).toBe('Bono East');
    expect(regionOf(decode(submittedV1(v1Details('Kingston', 'Jamaica'))))).toBe('');
    expect(regionOf(decode(submittedV1(v1Details('Hohoe', 'Ghana'))))).toBe('');
  });

  it('keeps a region a version 1 event already carries', () => {
    const details = { ...v1Details('Accra', 'Ghana'), region: 'Volta' };
    expect(regionOf(decode(submittedV1(details)))).toBe('Volta');
    expect(regionOf(decode(editedV1({ city: 'Tema', region: 'Eastern' })))).toBe('Eastern');
  });

  it('gives an edit that moved the listing the new town’s region, and leaves other edits alone', () => {
    expect(regionOf(decode(editedV1({ city: 'Tema' })))).toBe('Greater Accra');
    expect(regionOf(decode(editedV1({ city: 'Wa', country: 'Ghana' })))).toBe('Upper West');
    expect(regionOf(decode(editedV1({ city: 'Negril' })))).toBe('');
    expect(regionOf(decode(editedV1({ city: 'Kingston', country: 'Jamaica' })))).toBe('');
    const titled = decode(editedV1({ title: 'Renamed' }));
    expect(titled.type === 'PropertyEdited' && titled.data.changes).toEqual({ title: 'Renamed' });
  });

  it('refuses a version 1 event whose details are not an object as unreadable, not with a crash', () => {
    expect(() => decode(submittedV1(null as never))).toThrow(UnreadableEventError);
    expect(() => decode({ ...editedV1({}), data: 'garbage' })).toThrow(UnreadableEventError);
  });

  it('reads version 2 as it is', () => {
    const event = decode({ ...submittedV1({ ...v1Details('Ho', 'Ghana'), region: 'Volta' }), schemaVersion: 2 });
    expect(regionOf(event)).toBe('Volta');
    expect(() => decode({ ...submittedV1(v1Details('Ho', 'Ghana')), schemaVersion: 2 })).toThrow(/region/);
  });
});

describe('PropertySubmitted version 2 read as version 3 (GhanaPost GPS addresses)', () => {
  const submitted = (details: object, schemaVersion: number) => ({ ...submittedV1(details), schemaVersion });
  const digitalAddressOf = (event: ReturnType<typeof decode>) =>
    event.type === 'PropertySubmitted' ? event.data.details.digitalAddress : 'none';

  it('gives a listing submitted before none, and keeps one already there', () => {
    const v2 = { ...v1Details('Tema', 'Ghana'), region: 'Greater Accra' };
    expect(digitalAddressOf(decode(submitted(v2, 2)))).toBe('');
    expect(digitalAddressOf(decode(submitted(v1Details('Tema', 'Ghana'), 1)))).toBe('');
    expect(digitalAddressOf(decode(submitted({ ...v2, digitalAddress: 'GA-183-8164' }, 1)))).toBe('GA-183-8164');
    expect(() => decode(submitted(v2, 3))).toThrow(/digitalAddress/);
  });
});

describe('PropertySubmitted version 3 read as version 4 (advance rent)', () => {
  const submitted = (details: object, schemaVersion: number) => ({ ...submittedV1(details), schemaVersion });
  const advanceOf = (event: ReturnType<typeof decode>) =>
    event.type === 'PropertySubmitted' ? event.data.details.advanceRentMonths : 'none';
  const v3 = { ...v1Details('Tema', 'Ghana'), region: 'Greater Accra', digitalAddress: '' };

  it('gives a listing submitted before "not said", through every version, and keeps one already there', () => {
    expect(advanceOf(decode(submitted(v3, 3)))).toBeNull();
    expect(advanceOf(decode(submitted(v1Details('Tema', 'Ghana'), 1)))).toBeNull();
    expect(advanceOf(decode(submitted({ ...v3, advanceRentMonths: 12 }, 1)))).toBe(12);
    expect(advanceOf(decode(submitted({ ...v3, advanceRentMonths: 0 }, 3)))).toBe(0);
  });

  it('reads version 4 as it is: the months, or null, must be there', () => {
    expect(advanceOf(decode(submitted({ ...v3, advanceRentMonths: null }, 4)))).toBeNull();
    expect(() => decode(submitted(v3, 4))).toThrow(/advanceRentMonths/);
  });

  it('takes an edit that clears the advance (null) as a change', () => {
    const event = decode({ ...editedV1({ advanceRentMonths: null }), schemaVersion: 2 });
    expect(event.type === 'PropertyEdited' && event.data.changes).toEqual({ advanceRentMonths: null });
  });
});

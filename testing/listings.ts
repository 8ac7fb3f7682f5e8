import { expect } from 'vitest';
import sharp from 'sharp';
import type { CreatePropertyInput, Property } from '../api/contract/properties.schema.ts';
import type { createClient } from './test-app.ts';

type Client = ReturnType<typeof createClient>;

export const listingBody = (overrides: Partial<CreatePropertyInput> = {}): CreatePropertyInput => ({
  title: 'Bright two-bedroom flat',
  description: 'Close to the Accra Mall, with a balcony.',
  propertyType: 'apartment',
  category: 'general',
  listingType: 'rent',
  address: '12 Ring Road East',
  city: 'Accra',
  country: 'Ghana',
  pricePerNight: 2500,
  currency: 'GH₵',
  pricingPeriod: 'month',
  bedrooms: 2,
  bathrooms: 1,
  amenities: ['wifi', 'parking'],
  images: [],
  ...overrides,
});

/** POST /api/properties as the client's user; answers the new (pending) property. */
export async function createListing(client: Client, overrides: Partial<CreatePropertyInput> = {}): Promise<Property> {
  const res = await client.request('/api/properties', { method: 'POST', json: listingBody(overrides) });
  const body = (await res.json()) as Property;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}

export async function approveListing(admin: Client, id: string): Promise<void> {
  const res = await admin.request(`/api/admin/properties/${id}/approve`, { method: 'POST' });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A small real photo made locally, with EXIF (camera and GPS) that must not survive the upload. */
export async function samplePhoto(
  format: 'jpeg' | 'png' | 'gif' | 'webp' = 'jpeg',
  width = 1600,
  height = 1000,
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  const withExif = image.withExif({
    IFD0: { Make: 'SecretCam', Model: 'GPS-1' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '5/1 33/1 0/1' },
  });
  return withExif.toFormat(format).toBuffer();
}

export const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

/** Appends a listing's events straight to the store (fast set-up for search tests); live unless told otherwise. */
export async function seedListing(
  store: import('../events/store/event-store.ts').EventStore,
  ownerId: string,
  details: Partial<import('../events/listing/listing.events.ts').ListingDetails> & { submittedAt?: string },
  { live = true, id = crypto.randomUUID(), images = [] }: { live?: boolean; id?: string; images?: string[] } = {},
): Promise<string> {
  const { submittedAt = new Date().toISOString(), ...rest } = details;
  const full = {
    title: 'Listing',
    description: 'A place',
    propertyType: 'apartment',
    category: 'general',
    listingType: 'rent',
    address: 'Main Street',
    city: 'Accra',
    country: 'Ghana',
    location: 'Accra, Ghana',
    pricePerNight: 1000,
    currency: 'GH₵',
    pricingPeriod: 'month',
    bedrooms: 1,
    bathrooms: 1,
    amenities: [],
    ...rest,
  };
  const events = [{ type: 'PropertySubmitted', data: { propertyId: id, ownerId, details: full, images, submittedAt } }];
  if (live)
    events.push({
      type: 'PropertyApproved',
      data: { propertyId: id, approvedBy: ownerId, approvedAt: submittedAt },
    } as never);
  await store.append(`property-${id}`, 'no_stream', events);
  return id;
}

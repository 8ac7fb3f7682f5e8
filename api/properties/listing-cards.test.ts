import { describe, expect, it } from 'vitest';
import { cardOf, pageBody } from './listing-cards.ts';
import { toProperty, type PropertyReadRow, type Viewer } from './properties.read.ts';

const row = (id: string, overrides: Partial<PropertyReadRow> = {}): PropertyReadRow => ({
  id,
  owner_id: 'b1d6f0de-0000-4000-8000-000000000001',
  title: 'Nyame Dua flat, "quiet" & bright',
  description: 'Près du marché — 2 min to Kejetia 🚌\nWater all day.',
  property_type: 'apartment',
  category: 'general',
  listing_type: 'rent',
  address: '4 Asafo Road',
  city: 'Kumasi',
  region: 'Ashanti',
  digital_address: '',
  advance_rent_months: null,
  country: 'Ghana',
  location: 'Asafo',
  price_per_night: 2400,
  currency: 'GH₵',
  pricing_period: 'month',
  bedrooms: 2,
  bathrooms: 1,
  amenities: ['wifi', 'parking'],
  images: ['/files/a.jpg', '/files/b.jpg'],
  is_verified: true,
  is_active: true,
  is_featured: false,
  featured_order: null,
  is_live: true,
  created_at: new Date('2026-11-01T08:00:00Z'),
  updated_at: new Date('2026-11-02T09:30:00Z'),
  version: 3,
  rating_sum: null,
  review_count: null,
  confirmed_at: new Date('2026-11-02T09:30:00Z'),
  expires_at: null,
  down_reason: null,
  owner_first_name: 'Ama',
  owner_last_name: 'Mensah',
  owner_business_name: null,
  owner_user_type: 'owner',
  owner_email: 'ama@example.com',
  owner_phone: '+233241234567',
  owner_license_status: 'none',
  ...overrides,
});

const figures = { total: 2, totalIsExact: true, page: 1, pageSize: 12 };
/** What the page would be written as with JSON.stringify, the rule the cards must match byte for byte. */
const written = (rows: PropertyReadRow[], viewer: Viewer) =>
  JSON.stringify({ properties: rows.map((r) => toProperty(r, viewer)), ...figures });

describe('search page bodies from listing cards', () => {
  const rows = [
    row('0f0e0d0c-0000-4000-8000-000000000001'),
    row('0f0e0d0c-0000-4000-8000-000000000002', { owner_phone: null, title: 'Ɔdɔ house' }),
  ];
  const cards = rows.map(cardOf);

  it('are what JSON.stringify writes for a visitor: no contact details', () => {
    const body = pageBody(cards, null, figures).toString();
    expect(body).toBe(written(rows, null));
    expect(body).not.toContain('ama@example.com');
  });

  it('are what JSON.stringify writes for any signed-in caller on a live listing: with the contact details', () => {
    for (const viewer of [
      { id: 'someone-else', isAdmin: false },
      { id: rows[0]!.owner_id, isAdmin: false },
      { id: 'an-admin', isAdmin: true },
    ]) {
      const body = pageBody(cards, viewer, figures).toString();
      expect(body).toBe(written(rows, viewer));
      expect(body).toContain('"ownerEmail":"ama@example.com","ownerPhone":"+233241234567"');
    }
  });

  it('are a page with no listings when nothing matched', () => {
    expect(pageBody([], null, figures).toString()).toBe(written([], null));
    expect(JSON.parse(pageBody([], null, {}).toString())).toEqual({ properties: [] });
  });
});

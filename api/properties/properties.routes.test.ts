import { describe, expect, it } from 'vitest';
import type { GhanaRegion } from '../../events/listing/places.policy.ts';
import { createAdmin, registerUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { approveListing, createListing, listingBody } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { Property, PropertyPage } from '../contract/properties.schema.ts';

const database = useMigratedDatabase();

async function setup() {
  const { app, deps } = await createTestApp(database());
  const host = createClient(app);
  const hostUser = await registerUser(host, {
    firstName: 'Kofi',
    lastName: 'Owusu',
    userType: 'agent',
    businessName: 'Owusu Homes',
  });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  const renter = createClient(app);
  await registerUser(renter, { firstName: 'Esi' });
  const visitor = createClient(app);
  return { app, deps, host, hostUser, admin, renter, visitor };
}

const eventCount = async () => (await database().query<{ n: number }>('select count(*)::int8 as n from events'))[0]!.n;

describe('POST /api/properties', () => {
  it('creates a pending listing owned by the caller, with defaults and the owner names', async () => {
    const { host, hostUser } = await setup();
    const res = await host.request('/api/properties', {
      method: 'POST',
      json: {
        title: ' Kasoa house ',
        description: 'Quiet',
        city: 'Kasoa',
        country: 'Ghana',
        pricePerNight: 'GH₵ 1,250.50',
        images: '[]',
      },
    });
    expect(res.status).toBe(201);
    const p = (await res.json()) as Property;
    expect(p).toMatchObject({
      ownerId: hostUser.user.id,
      title: 'Kasoa house',
      propertyType: 'apartment',
      category: 'general',
      listingType: 'rent',
      address: 'Kasoa, Ghana',
      region: 'Central',
      location: 'Kasoa, Ghana',
      pricePerNight: 1250.5,
      currency: 'GH₵',
      pricingPeriod: 'month',
      bedrooms: 1,
      bathrooms: 1,
      amenities: [],
      images: [],
      image: null,
      isVerified: false,
      isActive: true,
      isFeatured: false,
      featuredOrder: null,
      averageRating: null,
      reviewCount: 0,
      ownerFirstName: 'Kofi',
      ownerLastName: 'Owusu',
      ownerBusinessName: 'Owusu Homes',
      ownerUserType: 'agent',
      ownerEmail: hostUser.email,
      version: 1,
    });
  });

  it('defaults the currency to $ outside Ghana', async () => {
    const { host } = await setup();
    const p = await createListing(host, { city: 'Kingston', country: 'Jamaica', currency: undefined });
    expect(p.currency).toBe('$');
    expect(p.region).toBeNull();
  });

  it('lists in any town of Ghana, spelled as the gazetteer spells it, with its region (issue 33)', async () => {
    const { host } = await setup();
    const placed = async (city: string, region?: GhanaRegion) => {
      const p = await createListing(host, { city, ...(region ? { region } : {}) });
      return [p.city, p.region];
    };
    expect(await placed('Hohoe')).toEqual(['Hohoe', 'Volta']);
    expect(await placed('dambai ')).toEqual(['Dambai', 'Oti']);
    expect(await placed('AFLAO', 'Volta')).toEqual(['Aflao', 'Volta']);
    // GeoNames' own spelling is another name of the town.
    expect(await placed('Obuase')).toEqual(['Obuasi', 'Ashanti']);
    // A town too small for the gazetteer is taken as typed once its region is chosen.
    expect(await placed('  Nkwanta  ', 'Oti')).toEqual(['Nkwanta', 'Oti']);
    const unlisted = await host.request('/api/properties', { method: 'POST', json: listingBody({ city: 'Nkwanta' }) });
    expect(unlisted.status).toBe(400);
    expect(await unlisted.json()).toMatchObject({ code: 'invalid_input', issues: [{ path: 'city' }] });
    const guessed = await host.request('/api/properties', { method: 'POST', json: listingBody({ city: 'Hohoee' }) });
    expect(((await guessed.json()) as { error: string }).error).toContain('did you mean Hohoe?');
    expect((await createListing(host, { city: 'kingston', country: 'Jamaica' })).city).toBe('Kingston');
  });

  it('keeps a GhanaPost GPS address in its canonical form, shows it as the owner’s phone is shown, and finds it only whole', async () => {
    const { host, admin, renter, visitor } = await setup();
    const p = await createListing(host, { city: 'Tema', digitalAddress: ' ga 183 8164 ' });
    expect(p.digitalAddress).toBe('GA-183-8164');
    await createListing(host, { city: 'Tema', digitalAddress: 'GA-184-8164' });
    await approveListing(admin, p.id);
    const seen = async (client: typeof visitor) =>
      ((await (await client.request(`/api/properties/${p.id}`)).json()) as Property).digitalAddress;
    expect(await seen(renter)).toBe('GA-183-8164');
    expect(await seen(visitor)).toBeUndefined();
    const found = async (location: string) => {
      const res = await visitor.request(`/api/properties/search?location=${encodeURIComponent(location)}`);
      const page = (await res.json()) as PropertyPage;
      expect(page.properties.every((card) => card.digitalAddress === undefined)).toBe(true);
      return page.properties.map((card) => card.id);
    };
    expect(await found('GA-183-8164')).toEqual([p.id]);
    expect(await found('ga1838164')).toEqual([p.id]);
    expect(await found('GA-0183-8164')).toEqual([p.id]);
    for (const part of ['GA-183', '183-8164', 'GA-183-816', 'gps']) expect(await found(part), part).toEqual([]);
  });

  it('refuses a GPS address that is not one, or outside Ghana, and clears it when asked or when the listing leaves Ghana', async () => {
    const { host } = await setup();
    const before = await eventCount();
    for (const [json, message] of [
      [{ digitalAddress: 'GA-18-8164' }, 'Enter a GhanaPost GPS address like GA-183-8164'],
      [{ digitalAddress: 'GA-183-8164', city: 'Kingston', country: 'Jamaica' }, 'Only a listing in Ghana'],
    ] as const) {
      const res = await host.request('/api/properties', { method: 'POST', json: listingBody(json) });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; issues: { path: string }[] };
      expect(body.error).toContain(message);
      expect(body.issues[0]!.path).toBe('digitalAddress');
    }
    expect(await eventCount()).toBe(before);
    const p = await createListing(host, { digitalAddress: 'AK-039-5028' });
    const put = async (json: object) => {
      const res = await host.request(`/api/properties/${p.id}`, { method: 'PUT', json });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as Property).digitalAddress;
    };
    expect(await put({ digitalAddress: '' })).toBeNull();
    expect(await put({ digitalAddress: 'ak0395028' })).toBe('AK-039-5028');
    expect(await put({ country: 'Jamaica', city: 'Negril' })).toBeNull();
  });

  it('answers 401 when signed out', async () => {
    const { visitor } = await setup();
    const res = await visitor.request('/api/properties', { method: 'POST', json: listingBody() });
    expect(res.status).toBe(401);
  });

  it.each([
    ['a missing title', { title: '' }, 'Please fill in all required fields'],
    ['a missing price', { pricePerNight: undefined }, 'Please fill in all required fields'],
    ['a zero price', { pricePerNight: 0 }, 'Please enter a valid price'],
    ['a negative price', { pricePerNight: -10 }, 'Please enter a valid price'],
    ['an absurd price', { pricePerNight: 1e15 }, 'The price must be at most 1,000,000,000'],
    ['a 100 KB title', { title: 'x'.repeat(100_000) }, 'The title must be at most 200 characters'],
    [
      'an unknown property type',
      { propertyType: 'castle' },
      'Property type must be one of apartment, house, studio, room',
    ],
    ['an unknown amenity', { amenities: ['helipad'] }, 'Unknown amenity'],
    ['a town Ghana does not have, without a region', { city: 'Kingston' }, 'Choose a town of Ghana from the list'],
    ['a town with a region not its own', { city: 'Hohoe', region: 'Oti' }, 'Hohoe is in the Volta region, not Oti'],
    ['an unknown region', { region: 'Brong-Ahafo' }, 'Region must be one of Ahafo, Ashanti'],
    ['a city the country does not have', { city: 'Accra', country: 'Jamaica' }, 'Choose a city of Jamaica'],
    ['a region outside Ghana', { city: 'Negril', country: 'Jamaica', region: 'Volta' }, 'Only a listing in Ghana'],
    ['an unknown country', { country: 'Narnia' }, 'Country must be one of'],
    ['a foreign image URL', { images: ['https://evil.example/x.jpg'] }, 'Images must be photos uploaded to Efie'],
    ['an image path trick', { images: ['/files/images/../../etc/passwd'] }, 'Images must be photos uploaded to Efie'],
    ['negative bedrooms', { bedrooms: -1 }, 'Bedrooms must be 0 or more'],
  ])('refuses %s with 400 and records nothing', async (_name, override, message) => {
    const { host } = await setup();
    const before = await eventCount();
    const res = await host.request('/api/properties', { method: 'POST', json: { ...listingBody(), ...override } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; code: string; issues: unknown[] };
    expect(body.code).toBe('invalid_input');
    expect(body.error).toContain(message);
    expect(await eventCount()).toBe(before);
  });

  it('refuses more than 25 images', async () => {
    const { host } = await setup();
    const images = Array.from(
      { length: 26 },
      (_, i) => `/files/images/00000000-0000-4000-8000-${String(i).padStart(12, '0')}-1200.webp`,
    );
    const res = await host.request('/api/properties', { method: 'POST', json: listingBody({ images }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('At most 25 photos per listing');
  });

  it('refuses a body over 1 MB with 413 and malformed JSON with 400', async () => {
    const { host } = await setup();
    const before = await eventCount();
    const big = await host.request('/api/properties', {
      method: 'POST',
      json: listingBody({ description: 'x'.repeat(1_100_000) }),
    });
    expect(big.status).toBe(413);
    const bad = await host.request('/api/properties', {
      method: 'POST',
      body: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    expect(await expectError(bad, 400, 'bad_request')).toEqual({
      error: 'Malformed JSON in request body',
      code: 'bad_request',
    });
    expect(await eventCount()).toBe(before);
  });

  it('answers a repeated Idempotency-Key with the same listing and creates one', async () => {
    const { host } = await setup();
    const send = () =>
      host.request('/api/properties', {
        method: 'POST',
        json: listingBody(),
        headers: { 'idempotency-key': 'create-1' },
      });
    const r1 = await send();
    const first = (await r1.json()) as Property;
    expect(r1.status, JSON.stringify(first)).toBe(201);
    expect(r1.headers.get('idempotent-replayed')).toBeNull();
    const events = await eventCount();
    const r2 = await send();
    expect(r2.status).toBe(201);
    expect(r2.headers.get('idempotent-replayed')).toBe('true');
    expect(await r2.json()).toEqual(first);
    expect(await eventCount()).toBe(events);
    const mine = (await (await host.request('/api/user/properties')).json()) as Property[];
    expect(mine).toHaveLength(1);
  });
});

describe('GET /api/properties/:id', () => {
  it('shows a pending listing only to its owner and admins; others get 404', async () => {
    const { host, admin, renter, visitor } = await setup();
    const p = await createListing(host);
    expect((await host.request(`/api/properties/${p.id}`)).status).toBe(200);
    expect((await admin.request(`/api/properties/${p.id}`)).status).toBe(200);
    const res = await renter.request(`/api/properties/${p.id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Property not found', code: 'property_not_found' });
    expect((await visitor.request(`/api/properties/${p.id}`)).status).toBe(404);
    expect((await visitor.request('/api/properties/not-a-uuid')).status).toBe(404);
    expect((await visitor.request('/api/properties/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('shows owner contact details to signed-in callers on a live listing, never to visitors', async () => {
    const { host, hostUser, admin, renter, visitor } = await setup();
    const p = await createListing(host);
    await approveListing(admin, p.id);
    const seen = (await (await renter.request(`/api/properties/${p.id}`)).json()) as Property;
    expect(seen).toMatchObject({
      ownerEmail: hostUser.email,
      ownerFirstName: 'Kofi',
      isVerified: true,
      isActive: true,
    });
    const anonymous = (await (await visitor.request(`/api/properties/${p.id}`)).json()) as Property;
    expect(anonymous).not.toHaveProperty('ownerEmail');
    expect(anonymous).not.toHaveProperty('ownerPhone');
    expect(anonymous.ownerFirstName).toBe('Kofi');
  });

  it('hides a hidden listing from everyone but the owner and admins', async () => {
    const { host, admin, renter, visitor } = await setup();
    const p = await createListing(host);
    await approveListing(admin, p.id);
    for (const client of [host, admin, renter, visitor])
      expect((await client.request(`/api/properties/${p.id}`)).status).toBe(200);
    const hide = await admin.request(`/api/admin/properties/${p.id}/visibility`, {
      method: 'PATCH',
      json: { isActive: false },
    });
    expect(hide.status, await hide.clone().text()).toBe(200);
    for (const client of [renter, visitor]) {
      expect(await expectError(await client.request(`/api/properties/${p.id}`), 404, 'property_not_found')).toEqual({
        error: 'Property not found',
        code: 'property_not_found',
      });
    }
    for (const client of [host, admin]) {
      const res = await client.request(`/api/properties/${p.id}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: p.id, isVerified: true, isActive: false });
    }
  });
});

describe('PUT /api/properties/:id', () => {
  it('moves the region with the town and the country, and keeps it through other edits', async () => {
    const { host } = await setup();
    const p = await createListing(host, { city: 'Accra' });
    expect(p.region).toBe('Greater Accra');
    const put = async (json: object) => {
      const res = await host.request(`/api/properties/${p.id}`, { method: 'PUT', json });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as Property).region;
    };
    expect(await put({ city: 'Tamale' })).toBe('Northern');
    expect(await put({ title: 'Quiet flat' })).toBe('Northern');
    expect(await put({ city: 'Negril', country: 'Jamaica' })).toBeNull();
    expect(await put({ city: 'Ho', country: 'Ghana' })).toBe('Volta');
    // A region alone is checked against the town the listing keeps.
    const wrong = await host.request(`/api/properties/${p.id}`, { method: 'PUT', json: { region: 'Oti' } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ issues: [{ path: 'region' }] });
    expect(await put({ city: 'Kpassa', region: 'Oti' })).toBe('Oti');
    expect(await put({ region: 'Volta' })).toBe('Volta');
  });

  it('lets the owner edit; a live listing stays live; version moves on', async () => {
    const { host, admin } = await setup();
    const p = await createListing(host);
    await approveListing(admin, p.id);
    const res = await host.request(`/api/properties/${p.id}`, {
      method: 'PUT',
      json: {
        title: 'Renovated flat',
        pricePerNight: 3000,
        description: 'New kitchen',
        images: [],
        expectedVersion: 2,
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      title: 'Renovated flat',
      pricePerNight: 3000,
      isVerified: true,
      isActive: true,
      version: 3,
    });
  });

  it('answers 409 to a stale expectedVersion and changes nothing', async () => {
    const { host } = await setup();
    const p = await createListing(host);
    expect(
      (await host.request(`/api/properties/${p.id}`, { method: 'PUT', json: { title: 'First', expectedVersion: 1 } }))
        .status,
    ).toBe(200);
    const stale = await host.request(`/api/properties/${p.id}`, {
      method: 'PUT',
      json: { title: 'Second', expectedVersion: 1 },
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'version_conflict' });
    expect(((await (await host.request(`/api/properties/${p.id}`)).json()) as Property).title).toBe('First');
  });

  it('lets only one of two concurrent edits at the same expectedVersion through', async () => {
    const { host } = await setup();
    const p = await createListing(host);
    const results = await Promise.all(
      ['Edit A', 'Edit B'].map((title) =>
        host.request(`/api/properties/${p.id}`, { method: 'PUT', json: { title, expectedVersion: 1 } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = (await results.find((r) => r.status === 200)!.json()) as Property;
    expect(((await (await host.request(`/api/properties/${p.id}`)).json()) as Property).title).toBe(winner.title);
  });

  it('refuses a signed-in stranger with the spec message, and hides pending listings from them', async () => {
    const { host, admin, renter } = await setup();
    const p = await createListing(host);
    expect(
      (await renter.request(`/api/properties/${p.id}`, { method: 'PUT', json: { title: 'Mine now' } })).status,
    ).toBe(404);
    await approveListing(admin, p.id);
    const res = await renter.request(`/api/properties/${p.id}`, { method: 'PUT', json: { title: 'Mine now' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: "Access Denied: You don't have permission to edit this property",
      code: 'not_owner',
    });
    expect(
      (await admin.request(`/api/properties/${p.id}`, { method: 'PUT', json: { title: 'Admin edit' } })).status,
    ).toBe(403);
  });

  it('refuses empty required fields and a city outside the country', async () => {
    const { host } = await setup();
    const p = await createListing(host);
    for (const json of [{ title: '  ' }, { address: '' }, { city: '' }]) {
      const res = await host.request(`/api/properties/${p.id}`, { method: 'PUT', json });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('Please fill in all required fields');
    }
    const wrongCity = await host.request(`/api/properties/${p.id}`, { method: 'PUT', json: { country: 'Jamaica' } });
    expect(wrongCity.status).toBe(400);
    const moved = await host.request(`/api/properties/${p.id}`, {
      method: 'PUT',
      json: { country: 'Jamaica', city: 'Negril', currency: '$' },
    });
    expect(await moved.json()).toMatchObject({ country: 'Jamaica', city: 'Negril', currency: '$' });
  });

  it('holds a studio at 0 bedrooms through an edit of other fields; create and edit refuse fewer than 0 alike (issue 28)', async () => {
    const { host } = await setup();
    const studio = await createListing(host, { propertyType: 'studio', bedrooms: 0 });
    expect(studio.bedrooms).toBe(0);
    const res = await host.request(`/api/properties/${studio.id}`, {
      method: 'PUT',
      json: { pricePerNight: 1950, address: '6 Oxford Street', bedrooms: 0, expectedVersion: studio.version },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      bedrooms: 0,
      pricePerNight: 1950,
      address: '6 Oxford Street',
      propertyType: 'studio',
    });
    const created = await host.request('/api/properties', { method: 'POST', json: listingBody({ bedrooms: -1 }) });
    const edited = await host.request(`/api/properties/${studio.id}`, { method: 'PUT', json: { bedrooms: -1 } });
    for (const refused of [created, edited])
      expect((await expectError(refused, 400, 'invalid_input')).error).toBe('Bedrooms must be 0 or more');
  });

  it('lets the owner toggle isActive only once the listing is approved', async () => {
    const { host, admin, renter } = await setup();
    const p = await createListing(host);
    const pending = await host.request(`/api/properties/${p.id}`, {
      method: 'PUT',
      json: { isActive: false, title: 'Changed' },
    });
    expect(pending.status).toBe(409);
    expect(await pending.json()).toMatchObject({ code: 'property_not_verified' });
    expect(((await (await host.request(`/api/properties/${p.id}`)).json()) as Property).title).toBe(p.title);
    await approveListing(admin, p.id);
    const hidden = await host.request(`/api/properties/${p.id}`, { method: 'PUT', json: { isActive: false } });
    expect(await hidden.json()).toMatchObject({ isActive: false, isVerified: true });
    expect((await renter.request(`/api/properties/${p.id}`)).status).toBe(404);
  });
});

describe('DELETE /api/properties/:id', () => {
  it('lets the owner delete; the listing is gone for everyone', async () => {
    const { host, admin, renter } = await setup();
    const p = await createListing(host);
    await approveListing(admin, p.id);
    expect((await renter.request(`/api/properties/${p.id}`, { method: 'DELETE' })).status).toBe(403);
    const res = await host.request(`/api/properties/${p.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Property deleted successfully' });
    for (const client of [host, admin, renter])
      expect((await client.request(`/api/properties/${p.id}`)).status).toBe(404);
    expect((await host.request(`/api/properties/${p.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await (await host.request('/api/user/properties')).json()) as Property[]).toEqual([]);
  });
});

describe('DELETE /api/properties/:id by an admin', () => {
  it('refuses an admin deleting someone else’s listing on the owner’s route (403); admins delete through /api/admin', async () => {
    const { host, admin, renter } = await setup();
    const p = await createListing(host);
    await approveListing(admin, p.id);
    const before = await eventCount();
    const res = await admin.request(`/api/properties/${p.id}`, { method: 'DELETE' });
    expect(await expectError(res, 403, 'not_owner')).toEqual({
      error: "You don't have permission to delete this property",
      code: 'not_owner',
    });
    expect(await eventCount()).toBe(before);
    expect((await renter.request(`/api/properties/${p.id}`)).status).toBe(200);
    const permanent = await admin.request(`/api/admin/properties/${p.id}`, { method: 'DELETE' });
    expect(permanent.status).toBe(200);
    for (const client of [host, admin, renter])
      expect((await client.request(`/api/properties/${p.id}`)).status).toBe(404);
  });
});

describe('GET /api/user/properties', () => {
  it('lists the caller’s own listings in every status, newest first, and 401 when signed out', async () => {
    const { host, admin, renter, visitor } = await setup();
    const a = await createListing(host, { title: 'A' });
    const b = await createListing(host, { title: 'B' });
    await createListing(renter, { title: 'Not mine' });
    await approveListing(admin, a.id);
    const mine = (await (await host.request('/api/user/properties')).json()) as Property[];
    expect(mine.map((p) => [p.title, p.isVerified])).toEqual([
      ['B', false],
      ['A', true],
    ]);
    expect(mine[0]).toHaveProperty('averageRating', null);
    expect(b.id).toBe(mine[0]!.id);
    expect((await visitor.request('/api/user/properties')).status).toBe(401);
  });
});

describe('GET /api/properties/featured', () => {
  it('lists live featured listings in order; hidden ones drop out', async () => {
    const { host, admin, visitor } = await setup();
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      const p = await createListing(host, { title });
      await approveListing(admin, p.id);
      ids.push(p.id);
    }
    await admin.request(`/api/admin/properties/${ids[0]}/featured`, {
      method: 'PATCH',
      json: { isFeatured: true, featuredOrder: 2 },
    });
    await admin.request(`/api/admin/properties/${ids[1]}/featured`, {
      method: 'PATCH',
      json: { isFeatured: true, featuredOrder: 1 },
    });
    await admin.request(`/api/admin/properties/${ids[2]}/featured`, {
      method: 'PATCH',
      json: { isFeatured: true, featuredOrder: null },
    });
    const featured = (await (await visitor.request('/api/properties/featured')).json()) as Property[];
    expect(featured.map((p) => [p.title, p.featuredOrder])).toEqual([
      ['Two', 1],
      ['One', 2],
      ['Three', 3],
    ]);
    await admin.request(`/api/admin/properties/${ids[1]}/visibility`, { method: 'PATCH', json: { isActive: false } });
    const after = (await (await visitor.request('/api/properties/featured')).json()) as Property[];
    expect(after.map((p) => p.title)).toEqual(['One', 'Three']);
    const page = (await (await visitor.request('/api/properties/search')).json()) as PropertyPage;
    expect(page.total).toBe(2);
  });
});

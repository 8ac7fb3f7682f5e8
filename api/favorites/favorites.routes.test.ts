import { describe, expect, it } from 'vitest';
import type { Property } from '../contract/properties.schema.ts';
import { createAdmin, registerUser } from '../../testing/accounts.ts';
import { approveListing, createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();

async function setup() {
  const { app, deps } = await createTestApp(database());
  const host = createClient(app);
  await registerUser(host, { userType: 'owner' });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  const renter = createClient(app);
  const { user } = await registerUser(renter);
  const live: Property[] = [];
  for (const title of ['First', 'Second']) {
    const p = await createListing(host, { title });
    await approveListing(admin, p.id);
    live.push(p);
  }
  return { app, deps, host, admin, renter, renterId: user.id, live, visitor: createClient(app) };
}

const favorites = async (client: ReturnType<typeof createClient>) => {
  const res = await client.request('/api/favorites');
  expect(res.status).toBe(200);
  return ((await res.json()) as Property[]).map((p) => p.title);
};

describe('favourites', () => {
  it('leave the account commands on the same user stream working (profile update after a favourite)', async () => {
    const { renter, live } = await setup();
    await renter.request(`/api/favorites/${live[0]!.id}`, { method: 'POST' });
    const me = (await (await renter.request('/api/auth/user')).json()) as {
      firstName: string;
      lastName: string;
      email: string | null;
      phone: string | null;
    };
    const res = await renter.request('/api/auth/profile', {
      method: 'PUT',
      json: { firstName: 'Renamed', lastName: me.lastName, email: me.email ?? '', phone: me.phone ?? '' },
    });
    expect(res.status).toBe(200);
    expect(((await (await renter.request('/api/auth/user')).json()) as { firstName: string }).firstName).toBe(
      'Renamed',
    );
    expect(await favorites(renter)).toEqual(['First']);
  });

  it('adds and removes idempotently, newest first, as events on the user stream', async () => {
    const { deps, renter, renterId, live } = await setup();
    for (let i = 0; i < 2; i++)
      expect((await renter.request(`/api/favorites/${live[0]!.id}`, { method: 'POST' })).status).toBe(200);
    await renter.request(`/api/favorites/${live[1]!.id}`, { method: 'POST' });
    expect(await favorites(renter)).toEqual(['Second', 'First']);
    for (let i = 0; i < 2; i++)
      expect((await renter.request(`/api/favorites/${live[1]!.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await favorites(renter)).toEqual(['First']);
    const types = (await deps.store.readStream(`user-${renterId}`))
      .map((e) => e.type)
      .filter((t) => t.startsWith('Favorite'));
    expect(types).toEqual(['FavoriteAdded', 'FavoriteAdded', 'FavoriteRemoved']);
    expect(
      (await renter.request('/api/favorites/00000000-0000-4000-8000-000000000000', { method: 'DELETE' })).status,
    ).toBe(200);
  });

  it('answers 401 when signed out and 404 for a listing the caller cannot see', async () => {
    const { host, renter, visitor, live } = await setup();
    expect((await visitor.request('/api/favorites')).status).toBe(401);
    expect((await visitor.request(`/api/favorites/${live[0]!.id}`, { method: 'POST' })).status).toBe(401);
    const pending = await createListing(host, { title: 'Pending' });
    expect((await renter.request(`/api/favorites/${pending.id}`, { method: 'POST' })).status).toBe(404);
    expect((await renter.request('/api/favorites/not-an-id', { method: 'POST' })).status).toBe(404);
    expect((await renter.request('/api/favorites/not-an-id', { method: 'DELETE' })).status).toBe(404);
  });

  it('drops hidden and deleted listings from the list, and brings back a shown one', async () => {
    const { host, admin, renter, live } = await setup();
    for (const p of live) await renter.request(`/api/favorites/${p.id}`, { method: 'POST' });
    await admin.request(`/api/admin/properties/${live[0]!.id}/visibility`, {
      method: 'PATCH',
      json: { isActive: false },
    });
    expect(await favorites(renter)).toEqual(['Second']);
    await admin.request(`/api/admin/properties/${live[0]!.id}/visibility`, {
      method: 'PATCH',
      json: { isActive: true },
    });
    expect(await favorites(renter)).toEqual(['Second', 'First']);
    await host.request(`/api/properties/${live[1]!.id}`, { method: 'DELETE' });
    expect(await favorites(renter)).toEqual(['First']);
  });

  it('keeps each user’s favourites apart', async () => {
    const { app, renter, live } = await setup();
    await renter.request(`/api/favorites/${live[0]!.id}`, { method: 'POST' });
    const other = createClient(app);
    await registerUser(other);
    expect(await favorites(other)).toEqual([]);
  });
});

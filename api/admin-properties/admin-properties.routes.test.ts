import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property, PropertyPage } from '../contract/properties.schema.ts';
import { createAdmin, registerUser } from '../../testing/accounts.ts';
import { approveListing, createListing, dataUrl, samplePhoto } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'efie-admin-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function setup() {
  const { app, deps } = await createTestApp(database(), { config: { dataDir } });
  const host = createClient(app);
  await registerUser(host, { firstName: 'Kwame', lastName: 'Boateng', userType: 'owner' });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  const renter = createClient(app);
  await registerUser(renter);
  const visitor = createClient(app);
  return { app, deps, host, admin, renter, visitor };
}

const list = async (admin: ReturnType<typeof createClient>, query = '') => {
  const res = await admin.request(`/api/admin/properties${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as PropertyPage;
};

describe('admin property moderation', () => {
  it('answers 401 to visitors and 403 to non-admins on every admin call', async () => {
    const { host, renter, visitor } = await setup();
    const p = await createListing(host);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/properties'],
      ['GET', '/api/admin/featured-properties'],
      ['POST', `/api/admin/properties/${p.id}/approve`],
      ['PATCH', `/api/admin/properties/${p.id}/visibility`, { isActive: false }],
      ['PATCH', `/api/admin/properties/${p.id}/featured`, { isFeatured: true }],
      ['DELETE', `/api/admin/properties/${p.id}`],
      ['POST', '/api/admin/reorder-featured-properties', { propertyOrders: [{ id: p.id, order: 1 }] }],
    ];
    for (const [method, path, json] of calls) {
      expect((await visitor.request(path, { method, json })).status, `${method} ${path}`).toBe(401);
      expect((await renter.request(path, { method, json })).status, `${method} ${path}`).toBe(403);
      expect((await host.request(path, { method, json })).status, `${method} ${path}`).toBe(403);
    }
  });

  it('approves a pending listing, which then shows in search; approving again changes nothing', async () => {
    const { host, admin, visitor } = await setup();
    const p = await createListing(host);
    expect(((await (await visitor.request('/api/properties/search')).json()) as PropertyPage).total).toBe(0);
    const res = await admin.request(`/api/admin/properties/${p.id}/approve`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      message: 'Property has been approved and is now visible to the public.',
      property: { isVerified: true, version: 2 },
    });
    expect(((await (await visitor.request('/api/properties/search')).json()) as PropertyPage).total).toBe(1);
    const again = await admin.request(`/api/admin/properties/${p.id}/approve`, { method: 'POST' });
    expect(await again.json()).toMatchObject({ property: { version: 2 } });
    expect(
      (await admin.request('/api/admin/properties/00000000-0000-4000-8000-000000000000/approve', { method: 'POST' }))
        .status,
    ).toBe(404);
  });

  it('hides and shows only an approved listing', async () => {
    const { host, admin } = await setup();
    const p = await createListing(host);
    const refused = await admin.request(`/api/admin/properties/${p.id}/visibility`, {
      method: 'PATCH',
      json: { isActive: false },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: 'Only an approved property can be hidden or shown.',
      code: 'property_not_verified',
    });
    await approveListing(admin, p.id);
    const hidden = await admin.request(`/api/admin/properties/${p.id}/visibility`, {
      method: 'PATCH',
      json: { isActive: false },
    });
    expect(await hidden.json()).toMatchObject({ property: { isActive: false } });
    const shown = await admin.request(`/api/admin/properties/${p.id}/visibility`, {
      method: 'PATCH',
      json: { isActive: true },
    });
    expect(await shown.json()).toMatchObject({ property: { isActive: true } });
    const bad = await admin.request(`/api/admin/properties/${p.id}/visibility`, {
      method: 'PATCH',
      json: { isActive: 'no' },
    });
    expect(bad.status).toBe(400);
  });

  it('features only live listings; unfeatures; lists featured candidates and the featured list', async () => {
    const { host, admin } = await setup();
    const pending = await createListing(host, { title: 'Pending' });
    const refused = await admin.request(`/api/admin/properties/${pending.id}/featured`, {
      method: 'PATCH',
      json: { isFeatured: true, featuredOrder: 1 },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'property_not_live' });
    const live = await createListing(host, { title: 'Live' });
    await approveListing(admin, live.id);
    const featured = await admin.request(`/api/admin/properties/${live.id}/featured`, {
      method: 'PATCH',
      json: { isFeatured: true },
    });
    expect(await featured.json()).toMatchObject({ property: { isFeatured: true, featuredOrder: 1 } });
    const candidates = await list(admin, '?status=active&limit=100');
    expect(candidates.pageSize).toBe(100);
    expect(candidates.properties.map((p) => p.title)).toEqual(['Live']);
    expect(
      ((await (await admin.request('/api/admin/featured-properties')).json()) as Property[]).map((p) => p.title),
    ).toEqual(['Live']);
    const off = await admin.request(`/api/admin/properties/${live.id}/featured`, {
      method: 'PATCH',
      json: { isFeatured: false },
    });
    expect(await off.json()).toMatchObject({ property: { isFeatured: false, featuredOrder: null } });
    expect(await (await admin.request('/api/admin/featured-properties')).json()).toEqual([]);
    const bad = await admin.request(`/api/admin/properties/${live.id}/featured`, {
      method: 'PATCH',
      json: { isFeatured: true, featuredOrder: 0 },
    });
    expect(bad.status).toBe(400);
  });

  it('reorders featured listings with 1-based orders; a bad entry changes nothing', async () => {
    const { host, admin, visitor } = await setup();
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C']) {
      const p = await createListing(host, { title });
      await approveListing(admin, p.id);
      await admin.request(`/api/admin/properties/${p.id}/featured`, { method: 'PATCH', json: { isFeatured: true } });
      ids.push(p.id);
    }
    const res = await admin.request('/api/admin/reorder-featured-properties', {
      method: 'POST',
      json: {
        propertyOrders: [
          { id: ids[2], order: 1 },
          { id: ids[0], order: 2 },
          { id: ids[1], order: 3 },
        ],
      },
    });
    expect(res.status).toBe(200);
    const titles = async () =>
      ((await (await visitor.request('/api/properties/featured')).json()) as Property[]).map((p) => p.title);
    expect(await titles()).toEqual(['C', 'A', 'B']);
    const notFeatured = await createListing(host, { title: 'D' });
    const bad = await admin.request('/api/admin/reorder-featured-properties', {
      method: 'POST',
      json: {
        propertyOrders: [
          { id: ids[0], order: 1 },
          { id: notFeatured.id, order: 2 },
        ],
      },
    });
    expect(bad.status).toBe(409);
    expect(await titles()).toEqual(['C', 'A', 'B']);
    for (const json of [
      { propertyOrders: [] },
      { propertyOrders: [{ id: ids[0], order: 0 }] },
      {
        propertyOrders: [
          { id: ids[0], order: 1 },
          { id: ids[1], order: 1 },
        ],
      },
      { propertyOrders: [{ id: 'x', order: 1 }] },
    ]) {
      expect((await admin.request('/api/admin/reorder-featured-properties', { method: 'POST', json })).status).toBe(
        400,
      );
    }
  });

  it('lists every listing with status filters, search text and pages of 20', async () => {
    const { host, admin } = await setup();
    const made: Property[] = [];
    for (let n = 0; n < 23; n++)
      made.push(await createListing(host, { title: `Flat ${n}`, city: n % 2 ? 'Kumasi' : 'Accra' }));
    await approveListing(admin, made[0]!.id);
    await approveListing(admin, made[1]!.id);
    await admin.request(`/api/admin/properties/${made[1]!.id}/visibility`, {
      method: 'PATCH',
      json: { isActive: false },
    });
    const first = await list(admin);
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    const second = await list(admin, '?page=2');
    expect(second.properties).toHaveLength(3);
    expect(new Set([...first.properties, ...second.properties].map((p) => p.id)).size).toBe(23);
    expect((await list(admin, '?status=verified')).total).toBe(2);
    expect((await list(admin, '?status=unverified')).total).toBe(21);
    expect((await list(admin, '?status=inactive')).total).toBe(1);
    expect((await list(admin, '?status=active')).total).toBe(1);
    expect((await list(admin, '?status=all&search=kumasi')).total).toBe(11);
    expect((await list(admin, '?search=Flat%2022')).properties.map((p) => p.title)).toEqual(['Flat 22']);
    expect((await list(admin, '?search=boateng')).total).toBe(23);
    expect(first.properties[0]).toHaveProperty('ownerEmail');
    expect((await admin.request('/api/admin/properties?status=deleted')).status).toBe(400);
    expect((await admin.request('/api/admin/properties?limit=500')).status).toBe(400);
  });

  it('deletes permanently, with every rendition of every photo removed from storage', async () => {
    const { host, admin, renter } = await setup();
    const photo = await samplePhoto();
    const upload = await host.request('/api/upload/property-images', {
      method: 'POST',
      json: { images: [dataUrl(photo), dataUrl(photo)] },
    });
    const { images } = (await upload.json()) as { images: string[] };
    const p = await createListing(host, { images });
    await approveListing(admin, p.id);
    const stored = async () =>
      (await readdir(join(dataDir, 'files', 'images'))).filter((f) => images.some((u) => u.includes(f.slice(0, 36))));
    // Two photos, each at three widths as AVIF and WebP.
    expect(await stored()).toHaveLength(12);
    const res = await admin.request(`/api/admin/properties/${p.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Property deleted permanently' });
    expect(await stored()).toEqual([]);
    expect((await admin.request(`/api/properties/${p.id}`)).status).toBe(404);
    expect((await renter.request(images[0]!.replace('/files', '/files'))).status).toBe(404);
    expect((await admin.request(`/api/admin/properties/${p.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

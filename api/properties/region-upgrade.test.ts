import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '../../events/store/event-store.ts';
import type { Property, PropertyPage } from '../contract/properties.schema.ts';
import { migrate } from '../db/migrate.ts';
import { MIGRATIONS_DIR } from '../runtime.ts';
import { seedListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

let t: TestDatabase;
let before: string;
beforeAll(async () => {
  t = await createTestDatabase();
  before = await mkdtemp(join(tmpdir(), 'efie-migrations-'));
  // The migrations as a database made before listings stored their region had them.
  await cp(MIGRATIONS_DIR, before, { recursive: true, filter: (src) => !/\/07[5-9]\d_[^/]*\.sql$/.test(src) });
});
afterAll(async () => {
  await t?.drop();
  await rm(before, { recursive: true, force: true });
});

describe('upgrading past migration 0750_properties_region', () => {
  it('gives the listings already in the log their region, and search finds them by it', async () => {
    const first = await migrate(t.db, before);
    expect(first).toContain('0740_search_changes_listings.sql');
    expect(first).not.toContain('0750_properties_region.sql');
    // The listings' events as the old version appended them: version 1, no region.
    const oldStore = createEventStore(t.db);
    const ownerId = crypto.randomUUID();
    const kumasi = await seedListing(oldStore, ownerId, {
      title: 'Adum room',
      city: 'Kumasi',
      location: 'Adum, Kumasi',
      submittedAt: '2026-01-01T00:00:00.000Z',
    });
    const tema = await seedListing(oldStore, ownerId, {
      title: 'Community 5 house',
      city: 'Tema',
      location: 'Community 5, Tema',
      submittedAt: '2026-01-02T00:00:00.000Z',
    });
    const kingston = await seedListing(oldStore, ownerId, {
      title: 'Half Way Tree flat',
      city: 'Kingston',
      country: 'Jamaica',
      location: 'Half Way Tree, Kingston',
      currency: '$',
      submittedAt: '2026-01-03T00:00:00.000Z',
    });
    const stored = await t.db.query<{ schema_version: number }>(
      "select distinct schema_version from events where type = 'PropertySubmitted'",
    );
    expect(stored).toEqual([{ schema_version: 1 }]);

    const { app } = await createTestApp(t.db);
    const client = createClient(app);
    const region = async (id: string) =>
      ((await (await client.request(`/api/properties/${id}`)).json()) as Property).region;
    expect(await region(kumasi)).toBe('Ashanti');
    expect(await region(tema)).toBe('Greater Accra');
    expect(await region(kingston)).toBeNull();

    const search = async (location: string) => {
      const res = await client.request(`/api/properties/search?location=${encodeURIComponent(location)}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as PropertyPage).properties.map((p) => p.title);
    };
    expect(await search('Ashanti')).toEqual(['Adum room']);
    expect(await search('greater accra')).toEqual(['Community 5 house']);
    expect(await search('Greater')).toEqual(['Community 5 house']);
    // The region is found whole: "accra" is the town, not all of Greater Accra.
    expect(await search('accra')).toEqual([]);
    expect(await search('kumasi')).toEqual(['Adum room']);
  });
});

import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '../../events/store/event-store.ts';
import type { PropertyPage } from '../contract/properties.schema.ts';
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
  // The migrations as a database made before the search read model had them.
  await cp(MIGRATIONS_DIR, before, { recursive: true, filter: (src) => !/\/07[2-9]\d_[^/]*\.sql$/.test(src) });
});
afterAll(async () => {
  await t?.drop();
  await rm(before, { recursive: true, force: true });
});

describe('upgrading past migration 0720_listing_search', () => {
  it('answers searches with the listings the database already had once the app has started', async () => {
    const first = await migrate(t.db, before);
    expect(first).toContain('0710_drop_properties_amount_index.sql');
    expect(first).not.toContain('0720_listing_search.sql');
    // The listings' events as the old version appended them (its projections are not this version's).
    const oldStore = createEventStore(t.db);
    const ownerId = crypto.randomUUID();
    await seedListing(oldStore, ownerId, { title: 'Osu flat', city: 'Accra', submittedAt: '2026-01-01T00:00:00.000Z' });
    await seedListing(oldStore, ownerId, {
      title: 'Adum room',
      city: 'Kumasi',
      location: 'Adum, Kumasi',
      submittedAt: '2026-01-02T00:00:00.000Z',
    });
    await seedListing(oldStore, ownerId, { title: 'Pending', city: 'Accra' }, { live: false });

    const { app } = await createTestApp(t.db);
    const search = async (query: string) => {
      const res = await createClient(app).request(`/api/properties/search${query}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as PropertyPage).properties.map((p) => p.title);
    };
    expect(await search('')).toEqual(['Adum room', 'Osu flat']);
    expect(await search('?location=accra')).toEqual(['Osu flat']);
  });
});

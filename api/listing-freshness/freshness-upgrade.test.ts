import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '../../events/store/event-store.ts';
import type { Property } from '../contract/properties.schema.ts';
import { migrate } from '../db/migrate.ts';
import { MIGRATIONS_DIR } from '../runtime.ts';
import { seedListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { sweepListingFreshness } from './freshness-sweep.ts';

let t: TestDatabase;
let before: string;
beforeAll(async () => {
  t = await createTestDatabase();
  before = await mkdtemp(join(tmpdir(), 'efie-migrations-'));
  // The migrations as a database made before listings had to stay true had them.
  await cp(MIGRATIONS_DIR, before, {
    recursive: true,
    filter: (src) => !/\/(075[3-9]|07[6-9]\d|0[89]\d\d|1\d\d\d)_[^/]*\.sql$/.test(src),
  });
});
afterAll(async () => {
  await t?.drop();
  await rm(before, { recursive: true, force: true });
});

describe('upgrading past migration 0753_listing_freshness', () => {
  it('dates each listing from its approval, and gives an old one a week before it leaves search', async () => {
    const first = await migrate(t.db, before);
    expect(first).toContain('0752_advance_rent.sql');
    expect(first).not.toContain('0753_listing_freshness.sql');
    // Approved in January, long past 45 days by the upgrade in November.
    const id = await seedListing(createEventStore(t.db), crypto.randomUUID(), {
      title: 'Adum room',
      submittedAt: '2026-01-01T00:00:00.000Z',
    });

    const now = new Date('2026-11-29T10:00:00.000Z');
    const { app, deps } = await createTestApp(t.db, { clock: () => now });
    const listing = async () => (await (await createClient(app).request(`/api/properties/${id}`)).json()) as Property;
    expect(await listing()).toMatchObject({ confirmedAvailableAt: '2026-01-01T00:00:00.000Z', downReason: null });

    // The first sweep after the upgrade reminds its host; it leaves search only a week later.
    expect(await sweepListingFreshness(deps, now)).toEqual({ reminded: 1, expired: 0 });
    expect((await listing()).expiresAt).toBe('2026-12-06T10:00:00.000Z');
    expect(await sweepListingFreshness(deps, new Date('2026-12-06T09:59:00.000Z'))).toEqual({
      reminded: 0,
      expired: 0,
    });
    expect(await sweepListingFreshness(deps, new Date('2026-12-06T10:00:00.000Z'))).toEqual({
      reminded: 0,
      expired: 1,
    });
  });
});

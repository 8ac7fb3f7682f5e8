import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp } from '../../api/testing/test-app.ts';
import { useMigratedDatabase } from '../../api/testing/use-test-database.ts';
import { readModels } from '../../events/read-models.ts';
import { createProjectionSet } from '../../events/store/projections.ts';
import { SEED_PASSWORD, SEED_RENTER_EMAIL, seedDatabase } from './seed.ts';

const database = useMigratedDatabase();
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'efie-seed-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const QUERIES = [
  '/api/properties/search',
  '/api/properties/search?page=2&limit=5',
  '/api/properties/search?location=ghana&sort=price_asc',
  '/api/properties/search?propertyType=apartment&minPrice=100&maxPrice=5000&timePeriod=months',
  '/api/properties/search?amenities=wifi&bedrooms=1&sort=price_desc',
  '/api/properties/featured',
];

async function answers(app: { request: (p: string) => Response | Promise<Response> }) {
  const out: unknown[] = [];
  for (const q of QUERIES) out.push(await (await app.request(q)).json());
  return out;
}

describe('seed', () => {
  it.each([
    ['one by one through the decider', false],
    ['in bulk straight to the store', true],
  ])('fills an empty database %s, and a rebuild gives the same search answers', async (_name, bulk) => {
    const { app, deps } = await createTestApp(database(), { config: { dataDir } });
    const summary = await seedDatabase(deps, { listings: 10, bulk, poolSize: 4 });
    expect(summary).toMatchObject({ listings: 10, featured: 6, users: 14 });
    const before = await answers(app);
    const all = before[0] as { total: number; properties: { images: string[]; ownerFirstName: string }[] };
    expect(all.total).toBe(summary.live);
    expect(all.properties[0]!.images.length).toBeGreaterThan(0);
    expect(all.properties[0]!.ownerFirstName).toBeTruthy();
    expect((before[5] as unknown[]).length).toBe(6);
    const image = await app.request(all.properties[0]!.images[0]!);
    expect(image.status).toBe(200);
    await database().query(`update read_model_generations set token = 'before-rebuild'`);
    await createProjectionSet(readModels).rebuild(database());
    // Another process's change shows once the server's cached generation token is older than 50 ms.
    await new Promise((resolve) => setTimeout(resolve, 60));
    const token = await database().query<{ token: string }>('select token from read_model_generations');
    expect(token[0]!.token).not.toBe('before-rebuild');
    expect(await answers(app)).toEqual(before);
    // The seeded accounts sign in with the documented password.
    const renter = createClient(app);
    const login = await renter.request('/api/auth/login', { method: 'POST', json: { email: SEED_RENTER_EMAIL, password: SEED_PASSWORD } });
    expect(login.status).toBe(200);
    await expect(seedDatabase(deps, { listings: 1 })).rejects.toThrow(/already has listings/);
  }, 120_000);
});

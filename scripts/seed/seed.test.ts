import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_MAX_AGE_MS } from '../../api/properties/search-cache.ts';
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

type App = { request: (p: string) => Response | Promise<Response> };

/** Every query's answer, each of which must be a 200. */
async function answers(app: App) {
  const out: unknown[] = [];
  for (const q of QUERIES) {
    const res = await app.request(q);
    const body: unknown = await res.json();
    expect(res.status, `${q}: ${JSON.stringify(body).slice(0, 200)}`).toBe(200);
    out.push(body);
  }
  return out;
}

const titles = (answer: unknown) =>
  (Array.isArray(answer) ? answer : (answer as { properties: { title: string }[] }).properties).map((p: { title: string }) => p.title);

describe('seed', () => {
  it.each([
    ['one by one through the decider', false],
    ['in bulk straight to the store', true],
  ])('fills an empty database %s, and a rebuild gives the same search answers', async (_name, bulk) => {
    // The search cache trusts a generation token for TOKEN_MAX_AGE_MS: this clock steps past it.
    let now = Date.now();
    const { app, deps } = await createTestApp(database(), { config: { dataDir }, clock: () => new Date(now) });
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

    // Another process changes the read model (and its generation token): this server's cached
    // answers hold until the token it read is TOKEN_MAX_AGE_MS old, then the change shows.
    await database().query(`update properties set title = 'Changed elsewhere: ' || title`);
    await database().query(`update read_model_generations set token = 'changed-elsewhere'`);
    expect(await answers(app)).toEqual(before);
    now += TOKEN_MAX_AGE_MS;
    const changed = await answers(app);
    expect(changed).not.toEqual(before);
    for (const answer of changed) for (const title of titles(answer)) expect(title).toMatch(/^Changed elsewhere: /);

    // A rebuild from the log puts the seed's titles back and changes the token: a cache that
    // missed it would still answer the changed titles.
    await createProjectionSet(readModels).rebuild(database());
    const token = await database().query<{ token: string }>('select token from read_model_generations');
    expect(token[0]!.token).not.toBe('changed-elsewhere');
    now += TOKEN_MAX_AGE_MS;
    expect(await answers(app)).toEqual(before);

    // The seeded accounts sign in with the documented password.
    const renter = createClient(app);
    const login = await renter.request('/api/auth/login', { method: 'POST', json: { email: SEED_RENTER_EMAIL, password: SEED_PASSWORD } });
    expect(login.status).toBe(200);
    await expect(seedDatabase(deps, { listings: 1 })).rejects.toThrow(/already has listings/);
  }, 120_000);
});

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_MAX_AGE_MS } from '../../api/properties/search-cache.ts';
import { recordSearchChange } from '../../events/listing/listing-search.writer.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { readModels } from '../../events/read-models.ts';
import { createProjectionSet } from '../../events/store/projections.ts';
import type { Property } from '../../api/contract/properties.schema.ts';
import type { ProviderPage } from '../../api/contract/service-providers.schema.ts';
import { CLAMSCAN_BIN, makeSignatureDatabase } from '../../testing/clamav.ts';
import { createClamscanScanner } from '../../api/videos/clamscan-scanner.ts';
import type { VirusScanner } from '../../api/videos/virus-scanner.ts';
import { SEED_ADMIN_EMAIL, SEED_HOST_EMAIL, SEED_PASSWORD, SEED_RENTER_EMAIL, seedDatabase } from './seed.ts';
import { SEED_VIDEO_FILE } from './videos.ts';

const database = useMigratedDatabase();
let dataDir: string;
let scanner: VirusScanner;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'efie-seed-'));
  // The real clamscan with a signature database made here (as the e2e server's): the video is scanned for real.
  scanner = createClamscanScanner({
    path: CLAMSCAN_BIN,
    database: await makeSignatureDatabase(join(dataDir, 'signatures')),
  });
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
  (Array.isArray(answer) ? answer : (answer as { properties: { title: string }[] }).properties).map(
    (p: { title: string }) => p.title,
  );

describe('seed', () => {
  it.each([
    ['one by one through the decider', false],
    ['in bulk straight to the store', true],
  ])(
    'fills an empty database %s, and a rebuild gives the same search answers',
    async (_name, bulk) => {
      // The search cache trusts the change log's head for CHANGES_MAX_AGE_MS: this clock steps past it.
      let now = Date.now();
      const { app, deps } = await createTestApp(database(), { config: { dataDir }, clock: () => new Date(now) });
      const summary = await seedDatabase(deps, { listings: 10, bulk, poolSize: 4, scanner });
      expect(summary).toMatchObject({
        listings: 10,
        featured: 6,
        users: 22,
        providers: { approved: 7, pending: 1 },
        videos: [{ status: 'approved' }, { status: 'pending_review' }],
      });
      const before = await answers(app);
      const all = before[0] as { total: number; properties: { images: string[]; ownerFirstName: string }[] };
      expect(all.total).toBe(summary.live);
      expect(all.properties[0]!.images.length).toBeGreaterThan(0);
      expect(all.properties[0]!.ownerFirstName).toBeTruthy();
      expect((before[5] as unknown[]).length).toBe(6);
      const image = await app.request(all.properties[0]!.images[0]!);
      expect(image.status).toBe(200);

      // Another process changes every listing (and logs it as a change that may touch any search):
      // this server's cached answers hold until the head it read is CHANGES_MAX_AGE_MS old, then the change shows.
      await database().transaction(async (tx) => {
        await tx.query(`update properties set title = 'Changed elsewhere: ' || title`);
        await recordSearchChange(tx, null);
      });
      expect(await answers(app)).toEqual(before);
      now += CHANGES_MAX_AGE_MS;
      const changed = await answers(app);
      expect(changed).not.toEqual(before);
      for (const answer of changed) for (const title of titles(answer)) expect(title).toMatch(/^Changed elsewhere: /);

      // A rebuild from the log puts the seed's titles back and logs a change that may touch any
      // search: a cache that missed it would still answer the changed titles.
      await createProjectionSet(readModels).rebuild(database());
      now += CHANGES_MAX_AGE_MS;
      expect(await answers(app)).toEqual(before);

      // The seeded accounts sign in with the documented password.
      const renter = createClient(app);
      const login = await renter.request('/api/auth/login', {
        method: 'POST',
        json: { email: SEED_RENTER_EMAIL, password: SEED_PASSWORD },
      });
      expect(login.status).toBe(200);
      await expect(seedDatabase(deps, { listings: 1 })).rejects.toThrow(/already has listings/);
    },
    120_000,
  );
});

/** Each place's numbers, by country code and (for the places sharing +1) area code. */
const PHONE_OF: Record<string, RegExp> = {
  Ghana: /^\+233\d{9}$/,
  'California USA':
    /^\+1(209|213|310|323|408|415|510|530|559|562|619|626|650|661|707|714|760|805|818|831|858|909|916|925|949|951)\d{7}$/,
  Jamaica: /^\+1(876|658)\d{7}$/,
  'Dominican Republic': /^\+1(809|829|849)\d{7}$/,
};

type Client = ReturnType<typeof createClient>;
async function signedIn(app: Parameters<typeof createClient>[0], email: string): Promise<Client> {
  const client = createClient(app);
  const login = await client.request('/api/auth/login', { method: 'POST', json: { email, password: SEED_PASSWORD } });
  expect(login.status).toBe(200);
  return client;
}
const json = async <T>(
  client: Client | { request: (p: string) => Response | Promise<Response> },
  path: string,
): Promise<T> => {
  const res = await client.request(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

describe('what a newcomer sees in the seeded demo (issue 28)', () => {
  it('owners’ phones from the listing’s place, Ghana first on the home page and in Recommended for You, providers, a published video and one to review', async () => {
    const { app, deps } = await createTestApp(database(), { config: { dataDir } });
    // 40 listings: Ghana's 20 cities, then every other place's, then more.
    await seedDatabase(deps, { listings: 40, scanner });
    const admin = await signedIn(app, SEED_ADMIN_EMAIL);

    // Every listing, live or not, has an owner whose phone is from the listing's place.
    const all = await json<{ properties: Property[]; total: number }>(
      admin,
      '/api/admin/properties?status=all&limit=100',
    );
    expect(all.total).toBe(40);
    expect(new Set(all.properties.map((p) => p.country)).size).toBe(4);
    for (const listing of all.properties)
      expect(listing.ownerPhone, `${listing.title} (${listing.country})`).toMatch(PHONE_OF[listing.country]!);

    // The home page's featured listings and the newest search results (Recommended for You shows the first 4;
    // the search's first page 12) are Ghana's, for anyone, a visitor in Ghana included.
    const featured = await json<Property[]>(app, '/api/properties/featured');
    expect(featured.map((p) => p.country)).toEqual(Array(6).fill('Ghana'));
    const newest = await json<{ properties: Property[] }>(app, '/api/properties/search?page=1&limit=12');
    expect(newest.properties.map((p) => p.country)).toEqual(Array(12).fill('Ghana'));

    // The Services directory lists approved providers of several trades, Ghana's first; one waits for review.
    const renter = await signedIn(app, SEED_RENTER_EMAIL);
    const directory = await json<ProviderPage>(renter, '/api/service-providers?status=approved');
    expect(directory.total).toBe(7);
    expect(new Set(directory.providers.map((p) => p.categoryId)).size).toBe(5);
    expect(directory.providers.slice(0, 5).every((p) => /Accra|Kumasi|Takoradi/.test(p.businessAddress))).toBe(true);
    expect((await json<ProviderPage>(admin, '/api/service-providers?status=pending')).total).toBe(1);

    // The first featured listing's owner has a published video, scanned clean, playable from the listing.
    const host = await signedIn(app, SEED_HOST_EMAIL);
    const mine = await json<{ videos: { propertyId: string | null }[] }>(host, '/api/user/approved-videos');
    expect(mine.videos.map((v) => v.propertyId)).toEqual([featured[0]!.id]);
    const tour = await json<{ videos: { streamUrl: string; contentType: string }[] }>(
      app,
      `/api/properties/${featured[0]!.id}/videos`,
    );
    expect(tour.videos).toHaveLength(1);
    const stream = await app.request(tour.videos[0]!.streamUrl);
    expect(stream.status).toBe(200);
    expect(Buffer.from(await stream.arrayBuffer())).toEqual(await readFile(SEED_VIDEO_FILE));
    // The second featured listing's video, scanned clean, waits for an admin's edit in Video Management.
    const pending = await json<{ videos: { originalName: string; status: string; propertyId: string | null }[] }>(
      admin,
      '/api/admin/pending-videos',
    );
    expect(pending.videos).toEqual([
      expect.objectContaining({
        originalName: 'living-room.mp4',
        status: 'pending_review',
        propertyId: featured[1]!.id,
      }),
    ]);
    expect((await json<{ videos: unknown[] }>(app, `/api/properties/${featured[1]!.id}/videos`)).videos).toEqual([]);
  }, 180_000);
});

describe('the seed’s video without a working ClamAV', () => {
  it('waits in quarantine as a host’s would: no scan is recorded as clean that was not made', async () => {
    const { app, deps } = await createTestApp(database(), { config: { dataDir } });
    // The real clamscan, pointed at a signature database that does not exist: every scan fails.
    const broken = createClamscanScanner({ path: CLAMSCAN_BIN, database: join(dataDir, 'no-signatures-here') });
    const summary = await seedDatabase(deps, { listings: 10, bulk: true, poolSize: 4, scanner: broken });
    expect(summary.videos).toMatchObject([{ status: 'waiting' }, { status: 'waiting' }]);
    const admin = await signedIn(app, SEED_ADMIN_EMAIL);
    const pending = await json<{ videos: { videoId: string; status: string }[] }>(admin, '/api/admin/pending-videos');
    expect(pending.videos).toEqual(
      expect.arrayContaining(
        summary.videos.map(({ videoId }) =>
          expect.objectContaining({ videoId, status: expect.stringMatching(/^scan_(failed|unavailable)$/) }),
        ),
      ),
    );
    expect(pending.videos).toHaveLength(2);
    const featured = await json<Property[]>(app, '/api/properties/featured');
    expect((await json<{ videos: unknown[] }>(app, `/api/properties/${featured[0]!.id}/videos`)).videos).toEqual([]);
  }, 120_000);
});

describe('a seed of one listing', () => {
  it('fills the database and gives that listing the published video (npm run seed -- --listings 1)', async () => {
    const { app, deps } = await createTestApp(database(), { config: { dataDir } });
    const summary = await seedDatabase(deps, { listings: 1, scanner });
    expect(summary).toMatchObject({
      listings: 1,
      live: 1,
      featured: 1,
      videos: [{ originalName: 'home-tour.mp4', status: 'approved' }],
    });
    expect(summary.videos).toHaveLength(1);
    const featured = await json<Property[]>(app, '/api/properties/featured');
    expect(featured).toHaveLength(1);
    expect((await json<{ videos: unknown[] }>(app, `/api/properties/${featured[0]!.id}/videos`)).videos).toHaveLength(
      1,
    );
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../api/app-deps.ts';
import { runUserCommand } from '../../api/auth/account-commands.ts';
import { storeListingImage } from '../../api/uploads/image-processing.ts';
import { listingAggregate } from '../../events/listing/listing.decider.ts';
import { listingStreamId } from '../../events/listing/listing.events.ts';
import { readModels } from '../../events/read-models.ts';
import { handleCommand } from '../../events/store/command-handler.ts';
import { createEventStore } from '../../events/store/event-store.ts';
import { createProjectionSet } from '../../events/store/projections.ts';
import { createRandom, drawHomePhoto, type Random } from './photos.ts';
import { generateListing } from './listings-data.ts';

export const SEED_PASSWORD = 'efie-demo-password';
export const SEED_ADMIN_EMAIL = 'admin@efie.example';
export const SEED_RENTER_EMAIL = 'renter@efie.example';

type SeedDeps = Pick<AppDeps, 'db' | 'store' | 'clock' | 'files' | 'passwords'>;
type Person = { firstName: string; lastName: string; email: string; phone: string; userType: 'owner' | 'agent' | 'renter'; businessName: string | null };

const HOSTS: Person[] = [
  { firstName: 'Kwame', lastName: 'Mensah', email: 'kwame.mensah@efie.example', phone: '+233241000001', userType: 'owner', businessName: null },
  { firstName: 'Ama', lastName: 'Owusu', email: 'ama.owusu@efie.example', phone: '+233241000002', userType: 'owner', businessName: null },
  { firstName: 'Kofi', lastName: 'Boateng', email: 'kofi.boateng@efie.example', phone: '+233241000003', userType: 'agent', businessName: 'Accra Prime Realty' },
  { firstName: 'Akosua', lastName: 'Asante', email: 'akosua.asante@efie.example', phone: '+233241000004', userType: 'owner', businessName: null },
  { firstName: 'Yaw', lastName: 'Darko', email: 'yaw.darko@efie.example', phone: '+233241000005', userType: 'agent', businessName: 'Ashanti Homes & Estates' },
  { firstName: 'Efua', lastName: 'Addo', email: 'efua.addo@efie.example', phone: '+233241000006', userType: 'owner', businessName: null },
  { firstName: 'Kwabena', lastName: 'Ofori', email: 'kwabena.ofori@efie.example', phone: '+233241000007', userType: 'agent', businessName: 'Coastline Properties' },
  { firstName: 'Abena', lastName: 'Appiah', email: 'abena.appiah@efie.example', phone: '+233241000008', userType: 'owner', businessName: null },
  { firstName: 'Michael', lastName: 'Carter', email: 'michael.carter@efie.example', phone: '+14155550101', userType: 'agent', businessName: 'Golden State Rentals' },
  { firstName: 'Andre', lastName: 'Campbell', email: 'andre.campbell@efie.example', phone: '+18765550102', userType: 'owner', businessName: null },
  { firstName: 'Carlos', lastName: 'Reyes', email: 'carlos.reyes@efie.example', phone: '+18095550103', userType: 'agent', businessName: 'Caribe Propiedades' },
  { firstName: 'Maria', lastName: 'Fernandez', email: 'maria.fernandez@efie.example', phone: '+18095550104', userType: 'owner', businessName: null },
];
const RENTER: Person = { firstName: 'Esi', lastName: 'Quaye', email: SEED_RENTER_EMAIL, phone: '+233241000099', userType: 'renter', businessName: null };
const ADMIN: Person = { firstName: 'Efie', lastName: 'Admin', email: SEED_ADMIN_EMAIL, phone: '+233241000100', userType: 'owner', businessName: null };

export type SeedSummary = { users: number; listings: number; live: number; pending: number; hidden: number; featured: number; photos: number };

/** The seed's accounts, made through the account module's own commands (verified e-mail, one admin). */
async function seedUsers(deps: SeedDeps, at: Date): Promise<{ hostIds: string[]; adminId: string }> {
  const passwordHash = await deps.passwords.hash(SEED_PASSWORD);
  const ids: string[] = [];
  for (const person of [...HOSTS, RENTER, ADMIN]) {
    const userId = randomUUID();
    const opts = { actorId: 'seed' };
    await runUserCommand(deps, undefined, userId, { type: 'RegisterUser', userId, ...person, passwordHash, at }, opts);
    await runUserCommand(deps, undefined, userId, { type: 'VerifyEmail', email: person.email, at }, opts);
    ids.push(userId);
  }
  const adminId = ids[ids.length - 1]!;
  await runUserCommand(deps, undefined, adminId, { type: 'GrantAdmin', by: 'seed', at }, { actorId: 'seed' });
  return { hostIds: ids.slice(0, HOSTS.length), adminId };
}

async function storePhotos(deps: SeedDeps, random: Random, kind: string, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) urls.push(await storeListingImage(deps.files, await drawHomePhoto(random, kind)));
  return urls;
}

/** Up to a year back, so "newest" has something to sort. */
const pastDate = (random: Random, now: Date) => new Date(now.getTime() - random.int(0, 365 * 24 * 3600) * 1000);

/**
 * Fills an empty database: hosts, a renter and an admin, then listings of
 * every type and category in every place, with photos drawn locally. Most are
 * live, some pending, a few hidden, six featured. Up to 1,000 listings go
 * through the decider one by one with their own photos; more (the benchmark
 * set) are appended in batches straight to the event store with photos from a
 * shared pool, then the read models are rebuilt from the log.
 */
export async function seedDatabase(
  deps: SeedDeps,
  {
    listings = 60,
    seed = 2026,
    bulk = listings > 1000,
    poolSize = 48,
    allLive = false,
    log = (_: string) => {},
  }: { listings?: number; seed?: number; bulk?: boolean; poolSize?: number; allLive?: boolean; log?: (line: string) => void } = {},
): Promise<SeedSummary> {
  const random = createRandom(seed);
  const now = deps.clock();
  const [existing] = await deps.db.query<{ n: number }>(`select count(*)::int8 as n from events where type = 'PropertySubmitted'`);
  if ((existing?.n ?? 0) > 0) throw new Error('The database already has listings; the seed fills an empty database.');
  const { hostIds, adminId } = await seedUsers(deps, now);
  log(`users: ${hostIds.length} hosts, 1 renter (${SEED_RENTER_EMAIL}), 1 admin (${SEED_ADMIN_EMAIL}); password ${SEED_PASSWORD}`);
  const summary: SeedSummary = { users: hostIds.length + 2, listings, live: 0, pending: 0, hidden: 0, featured: 0, photos: 0 };
  const half = Math.ceil(poolSize / 2);
  const pool = bulk ? [...(await storePhotos(deps, random, 'apartment', half)), ...(await storePhotos(deps, random, 'house', half))] : [];
  summary.photos = pool.length;
  const admin = { id: adminId, isAdmin: true };
  const rawStore = createEventStore(deps.db);
  const BATCH = 1000;
  for (let start = 0; start < listings; start += BATCH) {
    const batch: { id: string; ownerId: string; events: { type: string; data: unknown }[] }[] = [];
    for (let n = start; n < Math.min(listings, start + BATCH); n++) {
      const details = generateListing(random, n);
      const { imageCount, ...fields } = details;
      const propertyId = randomUUID();
      const ownerId = random.pick(hostIds);
      const submittedAt = pastDate(random, now).toISOString();
      const status = n < 6 ? 'featured' : allLive ? 'live' : random.chance(0.1) ? 'pending' : random.chance(0.05) ? 'hidden' : 'live';
      summary[status === 'featured' ? 'live' : status]++;
      if (status === 'featured') summary.featured++;
      if (!bulk) {
        const images = await storePhotos(deps, random, fields.propertyType, imageCount);
        summary.photos += images.length;
        const run = (command: Parameters<typeof listingAggregate.decider.decide>[0]) =>
          handleCommand(deps.store, listingAggregate, listingStreamId(propertyId), command, { metadata: { actorId: 'seed' } });
        await run({ type: 'SubmitProperty', propertyId, ownerId, details: fields, images, at: submittedAt });
        if (status === 'pending') continue;
        await run({ type: 'ApproveProperty', actor: admin, at: submittedAt });
        if (status === 'hidden') await run({ type: 'SetVisibility', actor: admin, isActive: false, at: submittedAt });
        if (status === 'featured') await run({ type: 'SetFeatured', actor: admin, isFeatured: true, featuredOrder: n + 1, at: submittedAt });
        continue;
      }
      const images = Array.from({ length: imageCount }, () => random.pick(pool));
      const events: { type: string; data: unknown }[] = [
        { type: 'PropertySubmitted', data: { propertyId, ownerId, details: fields, images: [...new Set(images)], submittedAt } },
      ];
      if (status !== 'pending') events.push({ type: 'PropertyApproved', data: { propertyId, approvedBy: adminId, approvedAt: submittedAt } });
      if (status === 'hidden') events.push({ type: 'PropertyHidden', data: { propertyId, hiddenBy: adminId, hiddenAt: submittedAt } });
      if (status === 'featured') {
        events.push({ type: 'PropertyFeatured', data: { propertyId, featuredOrder: n + 1, featuredBy: adminId, featuredAt: submittedAt } });
      }
      batch.push({ id: propertyId, ownerId, events });
    }
    if (bulk) {
      await deps.db.transaction(async (tx) => {
        for (const item of batch) await rawStore.appendIn(tx, listingStreamId(item.id), 'no_stream', item.events, { actorId: 'seed' });
      });
      log(`listings: ${Math.min(listings, start + BATCH)} of ${listings}`);
    }
  }
  if (bulk) {
    const started = performance.now();
    const { events } = await createProjectionSet(readModels).rebuild(deps.db);
    log(`read models rebuilt from ${events} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return summary;
}

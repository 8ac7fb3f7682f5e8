import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../api/app-deps.ts';
import { accountCommands, adminRoleCommands } from '../../api/auth/account-commands.ts';
import { runCommand, systemOrigin } from '../../api/commands/run-command.ts';
import { listingCommands } from '../../api/properties/listing-commands.ts';
import { storeListingImage } from '../../api/uploads/image-processing.ts';
import type { listingAggregate, ListingEvent } from '../../events/listing/listing.decider.ts';
import { listingStreamId } from '../../events/listing/listing.events.ts';
import { readModels } from '../../events/read-models.ts';
import { createEventStore } from '../../events/store/event-store.ts';
import { createProjectionSet } from '../../events/store/projections.ts';
import { createRandom, drawHomePhoto, type Random } from './photos.ts';
import type { Country } from '../../api/contract/places.ts';
import type { VirusScanner } from '../../api/videos/virus-scanner.ts';
import { listingHistory, type SeedStatus } from './listing-history.ts';
import { generateListing, submittedAgoSeconds } from './listings-data.ts';
import { PROVIDERS, seedProviders } from './providers.ts';
import { seedVideo, type SeededVideo } from './videos.ts';

/** The actor of every command the seed runs. */
const SEED = systemOrigin('seed');

export const SEED_PASSWORD = 'efie-demo-password';
export const SEED_ADMIN_EMAIL = 'admin@efie.example';
export const SEED_RENTER_EMAIL = 'renter@efie.example';
/** The first Ghanaian host: owns the first featured listing and its video. */
export const SEED_HOST_EMAIL = 'kwame.mensah@efie.example';

type SeedDeps = Pick<AppDeps, 'db' | 'store' | 'clock' | 'files' | 'passwords' | 'config' | 'outbox'>;
type Person = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  userType: 'owner' | 'agent' | 'renter';
  businessName: string | null;
};
/** A host lists homes in the place their phone number is from (issue 28: no Accra landlord with a Dominican number). */
type Host = Person & { country: Country };

// Phone numbers of the +1 places use the 555-01xx range, which is kept for examples and rings nobody.
const HOSTS: Host[] = [
  {
    firstName: 'Kwame',
    lastName: 'Mensah',
    email: SEED_HOST_EMAIL,
    phone: '+233241000001',
    userType: 'owner',
    businessName: null,
    country: 'Ghana',
  },
  {
    firstName: 'Ama',
    lastName: 'Owusu',
    email: 'ama.owusu@efie.example',
    phone: '+233201000002',
    userType: 'owner',
    businessName: null,
    country: 'Ghana',
  },
  {
    firstName: 'Kofi',
    lastName: 'Boateng',
    email: 'kofi.boateng@efie.example',
    phone: '+233501000003',
    userType: 'agent',
    businessName: 'Accra Prime Realty',
    country: 'Ghana',
  },
  {
    firstName: 'Akosua',
    lastName: 'Asante',
    email: 'akosua.asante@efie.example',
    phone: '+233541000004',
    userType: 'owner',
    businessName: null,
    country: 'Ghana',
  },
  {
    firstName: 'Yaw',
    lastName: 'Darko',
    email: 'yaw.darko@efie.example',
    phone: '+233271000005',
    userType: 'agent',
    businessName: 'Ashanti Homes & Estates',
    country: 'Ghana',
  },
  {
    firstName: 'Efua',
    lastName: 'Addo',
    email: 'efua.addo@efie.example',
    phone: '+233241000006',
    userType: 'owner',
    businessName: null,
    country: 'Ghana',
  },
  {
    firstName: 'Kwabena',
    lastName: 'Ofori',
    email: 'kwabena.ofori@efie.example',
    phone: '+233551000007',
    userType: 'agent',
    businessName: 'Coastline Properties',
    country: 'Ghana',
  },
  {
    firstName: 'Abena',
    lastName: 'Appiah',
    email: 'abena.appiah@efie.example',
    phone: '+233261000008',
    userType: 'owner',
    businessName: null,
    country: 'Ghana',
  },
  {
    firstName: 'Michael',
    lastName: 'Carter',
    email: 'michael.carter@efie.example',
    phone: '+14155550101',
    userType: 'agent',
    businessName: 'Golden State Rentals',
    country: 'California USA',
  },
  {
    firstName: 'Andre',
    lastName: 'Campbell',
    email: 'andre.campbell@efie.example',
    phone: '+18765550102',
    userType: 'owner',
    businessName: null,
    country: 'Jamaica',
  },
  {
    firstName: 'Carlos',
    lastName: 'Reyes',
    email: 'carlos.reyes@efie.example',
    phone: '+18095550103',
    userType: 'agent',
    businessName: 'Caribe Propiedades',
    country: 'Dominican Republic',
  },
  {
    firstName: 'Maria',
    lastName: 'Fernandez',
    email: 'maria.fernandez@efie.example',
    phone: '+18295550104',
    userType: 'owner',
    businessName: null,
    country: 'Dominican Republic',
  },
];
const RENTER: Person = {
  firstName: 'Esi',
  lastName: 'Quaye',
  email: SEED_RENTER_EMAIL,
  phone: '+233241000099',
  userType: 'renter',
  businessName: null,
};
const ADMIN: Person = {
  firstName: 'Efie',
  lastName: 'Admin',
  email: SEED_ADMIN_EMAIL,
  phone: '+233241000100',
  userType: 'owner',
  businessName: null,
};

export type SeedSummary = {
  users: number;
  listings: number;
  live: number;
  pending: number;
  hidden: number;
  featured: number;
  photos: number;
  providers: { approved: number; pending: number };
  /** The first featured listing's tour, published; the second's (a seed of one listing has none), scanned clean and waiting for an admin's edit. */
  videos: SeededVideo[];
};

type SeededUsers = { hosts: { id: string; country: Country }[]; adminId: string; providerIds: string[] };

/** The seed's accounts, made through the account module's own commands (verified e-mail, one admin). */
async function seedUsers(deps: SeedDeps, at: Date): Promise<SeededUsers> {
  const passwordHash = await deps.passwords.hash(SEED_PASSWORD);
  const register = async (person: Person) => {
    const userId = randomUUID();
    const { firstName, lastName, email, phone, userType, businessName } = person;
    await runCommand(deps.store, SEED, accountCommands, userId, {
      type: 'RegisterUser',
      userId,
      firstName,
      lastName,
      email,
      phone,
      userType,
      businessName,
      passwordHash,
      at,
    });
    await runCommand(deps.store, SEED, accountCommands, userId, { type: 'VerifyEmail', email, at });
    return userId;
  };
  const hosts: SeededUsers['hosts'] = [];
  for (const host of HOSTS) hosts.push({ id: await register(host), country: host.country });
  await register(RENTER);
  const adminId = await register(ADMIN);
  await runCommand(deps.store, SEED, adminRoleCommands, adminId, {
    type: 'GrantAdmin',
    email: ADMIN.email,
    by: { kind: 'operator', name: 'seed' },
    at,
  });
  const providerIds: string[] = [];
  for (const { applicant } of PROVIDERS)
    providerIds.push(await register({ ...applicant, userType: 'renter', businessName: null }));
  return { hosts, adminId, providerIds };
}

/** The hosts of each place take turns: the n-th listing of a place goes to its (n mod hosts)-th host. */
function ownerPicker(hosts: SeededUsers['hosts']) {
  const listed = new Map<Country, number>();
  return (country: Country): string => {
    const of = hosts.filter((host) => host.country === country);
    if (of.length === 0) throw new Error(`the seed has no host in ${country}`);
    const count = listed.get(country) ?? 0;
    listed.set(country, count + 1);
    return of[count % of.length]!.id;
  };
}

async function storePhotos(deps: SeedDeps, random: Random, kind: string, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) urls.push(await storeListingImage(deps.files, await drawHomePhoto(random, kind)));
  return urls;
}

/** Up to a year back, so "newest" has something to sort; Ghana's the newest (submittedAgoSeconds). */
const pastDate = (random: Random, now: Date, country: Country) =>
  new Date(now.getTime() - submittedAgoSeconds(random, country) * 1000);

/**
 * Fills an empty database: hosts, a renter and an admin, then listings of
 * every type and category in every place, with photos drawn locally, each
 * owned by a host of its place. Most are live, some pending, a few hidden, six
 * featured; then service providers and two videos (one published). Up to 1,000 listings go
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
    scanner,
    log = (_: string) => {},
  }: {
    listings?: number;
    seed?: number;
    bulk?: boolean;
    poolSize?: number;
    allLive?: boolean;
    scanner?: VirusScanner;
    log?: (line: string) => void;
  } = {},
): Promise<SeedSummary> {
  const random = createRandom(seed);
  const now = deps.clock();
  const [existing] = await deps.db.query<{ n: number }>(
    `select count(*)::int8 as n from events where type = 'PropertySubmitted'`,
  );
  if ((existing?.n ?? 0) > 0) throw new Error('The database already has listings; the seed fills an empty database.');
  const { hosts, adminId, providerIds } = await seedUsers(deps, now);
  log(
    `users: ${hosts.length} hosts (${SEED_HOST_EMAIL} first), 1 renter (${SEED_RENTER_EMAIL}), 1 admin (${SEED_ADMIN_EMAIL}), ` +
      `${providerIds.length} service providers; password ${SEED_PASSWORD}`,
  );
  const ownerFor = ownerPicker(hosts);
  const videoListings: { id: string; ownerId: string }[] = [];
  const summary: Omit<SeedSummary, 'providers' | 'videos'> = {
    users: hosts.length + 2 + providerIds.length,
    listings,
    live: 0,
    pending: 0,
    hidden: 0,
    featured: 0,
    photos: 0,
  };
  const half = Math.ceil(poolSize / 2);
  const pool = bulk
    ? [...(await storePhotos(deps, random, 'apartment', half)), ...(await storePhotos(deps, random, 'house', half))]
    : [];
  summary.photos = pool.length;
  const admin = { id: adminId, isAdmin: true };
  const rawStore = createEventStore(deps.db);
  const BATCH = 1000;
  for (let start = 0; start < listings; start += BATCH) {
    const batch: { id: string; ownerId: string; events: ListingEvent[] }[] = [];
    for (let n = start; n < Math.min(listings, start + BATCH); n++) {
      const details = generateListing(random, n);
      const { imageCount, ...fields } = details;
      const propertyId = randomUUID();
      const ownerId = ownerFor(fields.country as Country);
      const submittedAt = pastDate(random, now, fields.country as Country).toISOString();
      const status: SeedStatus =
        n < 6
          ? 'featured'
          : allLive
            ? 'live'
            : random.chance(0.1)
              ? 'pending'
              : random.chance(0.05)
                ? 'hidden'
                : 'live';
      summary[status === 'featured' ? 'live' : status]++;
      if (status === 'featured') summary.featured++;
      // The first two featured listings (Accra and Kumasi, the first two Ghanaian hosts') get the seed's videos.
      if (n < 2) videoListings.push({ id: propertyId, ownerId });
      if (!bulk) {
        const images = await storePhotos(deps, random, fields.propertyType, imageCount);
        summary.photos += images.length;
        const run = (command: Parameters<typeof listingAggregate.decider.decide>[0]) =>
          runCommand(deps.store, SEED, listingCommands, propertyId, command);
        await run({ type: 'SubmitProperty', propertyId, ownerId, details: fields, images, at: submittedAt });
        if (status === 'pending') continue;
        await run({ type: 'ApproveProperty', actor: admin, at: submittedAt });
        if (status === 'hidden') await run({ type: 'SetVisibility', actor: admin, isActive: false, at: submittedAt });
        if (status === 'featured')
          await run({ type: 'SetFeatured', actor: admin, isFeatured: true, featuredOrder: n + 1, at: submittedAt });
        continue;
      }
      const images = [...new Set(Array.from({ length: imageCount }, () => random.pick(pool)))];
      const events = listingHistory({
        propertyId,
        ownerId,
        adminId,
        details: fields,
        images,
        at: submittedAt,
        status,
        featuredOrder: n + 1,
      });
      batch.push({ id: propertyId, ownerId, events });
    }
    if (bulk) {
      await deps.db.transaction(async (tx) => {
        for (const item of batch)
          await rawStore.appendIn(tx, listingStreamId(item.id), 'no_stream', item.events, { actorId: 'seed' });
      });
      log(`listings: ${Math.min(listings, start + BATCH)} of ${listings}`);
    }
  }
  if (bulk) {
    const started = performance.now();
    const { events } = await createProjectionSet(readModels).rebuild(deps.db);
    log(`read models rebuilt from ${events} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const providers = await seedProviders(deps.store, { applicantIds: providerIds, adminId, now });
  log(`service providers: ${providers.approved} approved, ${providers.pending} waiting for review`);
  const video = (listing: { id: string; ownerId: string }, originalName: string, publish: boolean) =>
    seedVideo(deps, {
      ownerId: listing.ownerId,
      adminId,
      propertyId: listing.id,
      originalName,
      publish,
      ...(scanner ? { scanner } : {}),
    });
  const [first, second] = videoListings;
  const videos: SeedSummary['videos'] = [await video(first!, 'home-tour.mp4', true)];
  if (second) videos.push(await video(second, 'living-room.mp4', false));
  for (const seeded of videos) {
    log(
      seeded.status === 'approved'
        ? `video: ${seeded.originalName} scanned clean, edited and published on the first featured listing`
        : seeded.status === 'pending_review'
          ? `video: ${seeded.originalName} scanned clean, waiting in Video Management for an admin's edit`
          : `video: ${seeded.originalName} waits in quarantine: ${seeded.reason}; the server's scan worker tries again until ClamAV works ` +
            '(clamd or clamscan with a signature database, e.g. from freshclam), then an admin can edit and publish it',
    );
  }
  return { ...summary, providers, videos };
}

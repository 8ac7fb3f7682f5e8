import { parseArgs } from 'node:util';
import { openDatabase } from '../api/db/open-database.ts';
import { loadConfig } from '../api/env.ts';
import { silentLogger } from '../api/logger.ts';
import { buildDeps } from '../api/runtime.ts';
import { seedDatabase } from './seed/seed.ts';

// npm run seed                      a realistic demo set (60 listings with photos, service providers, videos)
// npm run seed -- --listings 100000 the benchmark set
const { values } = parseArgs({
  options: { listings: { type: 'string' }, seed: { type: 'string' }, 'all-live': { type: 'boolean' } },
});
const listings = values.listings === undefined ? 60 : Number(values.listings);
if (!Number.isInteger(listings) || listings < 1 || listings > 1_000_000) {
  console.error('--listings must be a whole number from 1 to 1000000');
  process.exit(1);
}

/** "1 published, 1 waiting for review" or "2 waiting for a virus scan": how many seeded videos are in each state. */
function videoSummary(videos: { status: 'approved' | 'pending_review' | 'waiting' }[]): string {
  const words = {
    approved: 'published',
    pending_review: 'waiting for review',
    waiting: 'waiting for a virus scan',
  } as const;
  const counts = (Object.keys(words) as (keyof typeof words)[])
    .map((status) => ({ status, count: videos.filter((video) => video.status === status).length }))
    .filter(({ count }) => count > 0);
  return counts.length ? counts.map(({ status, count }) => `${count} ${words[status]}`).join(', ') : 'none';
}

const config = loadConfig(process.env);
if (config.production) {
  // Its accounts share one published password: on a real server they would be anyone's.
  console.error('npm run seed makes demo accounts with a public password and refuses to run with NODE_ENV=production.');
  process.exit(1);
}
const db = await openDatabase(config);
try {
  const deps = await buildDeps(db, config, silentLogger);
  const started = performance.now();
  const summary = await seedDatabase(deps, {
    listings,
    seed: values.seed === undefined ? 2026 : Number(values.seed),
    allLive: values['all-live'] ?? false,
    log: (line) => console.log(line),
  });
  console.log(
    `seeded ${summary.listings} listings (${summary.live} live, ${summary.pending} pending, ${summary.hidden} hidden, ${summary.featured} featured), ` +
      `${summary.users} users, ${summary.photos} photos, ${summary.providers.approved + summary.providers.pending} service providers, ` +
      `videos: ${videoSummary(summary.videos)}; in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}

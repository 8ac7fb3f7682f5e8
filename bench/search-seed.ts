// Fills a benchmark database with N live listings fast: the seed's realistic
// listings (scripts/seed/listings-data.ts) with the events its own bulk load
// writes (scripts/seed/listing-history.ts) are written with COPY,
// straight into the event log, and the read models are then rebuilt from the
// log by the projections themselves (what `npm run projections:rebuild` does).
// Events rather than rows because the benchmark then changes listings through
// the API, whose commands read a listing's stream; and the projections rather
// than hand-written SQL because the search read model must be what the
// projection writes, not a copy of its rules.
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import postgres from 'postgres';
import type { Country } from '../api/contract/places.ts';
import type { Database } from '../events/store/sql.ts';
import { readModels } from '../events/read-models.ts';
import { createProjectionSet } from '../events/store/projections.ts';
import { listingStreamId } from '../events/listing/listing.events.ts';
import { listingHistory } from '../scripts/seed/listing-history.ts';
import { generateListing, submittedAgoSeconds } from '../scripts/seed/listings-data.ts';
import { createRandom } from '../scripts/seed/photos.ts';

/** COPY's text format: backslash, tab and line ends escaped. */
const field = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

/** A photo URL of the uploaded shape; the benchmark never fetches it. */
const photo = () => `/files/images/${randomUUID()}-1200.webp`;

export async function seedListingEvents(
  url: string,
  {
    listings,
    ownerId,
    adminId,
    seed = 2026,
    log = (_: string) => {},
  }: {
    listings: number;
    ownerId: string;
    adminId: string;
    seed?: number;
    log?: (line: string) => void;
  },
): Promise<{ ids: string[] }> {
  const random = createRandom(seed);
  const now = Date.now();
  const photos = Array.from({ length: 48 }, photo);
  const ids: string[] = [];
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    function* eventLines(): Generator<string> {
      for (let n = 0; n < listings; n++) {
        const { imageCount, ...details } = generateListing(random, n);
        const id = randomUUID();
        ids.push(id);
        const at = new Date(now - submittedAgoSeconds(random, details.country as Country) * 1000).toISOString();
        const images = [...new Set(Array.from({ length: imageCount }, () => random.pick(photos)))];
        const stream = listingStreamId(id);
        const meta = JSON.stringify({ actorId: 'seed' });
        const events = listingHistory({ propertyId: id, ownerId, adminId, details, images, at, status: 'live' });
        for (const [i, { type, data }] of events.entries()) {
          yield `${randomUUID()}\t${stream}\t${i + 1}\t${type}\t${field(JSON.stringify(data))}\t${meta}\t${at}\n`;
        }
        if (n % 50_000 === 49_999) log(`events: ${n + 1} of ${listings} listings`);
      }
    }
    const chunks = function* () {
      let buffer = '';
      for (const line of eventLines()) {
        buffer += line;
        if (buffer.length > 1 << 20) {
          yield buffer;
          buffer = '';
        }
      }
      if (buffer) yield buffer;
    };
    const writable =
      await sql`copy events (event_id, stream_id, stream_version, type, data, metadata, recorded_at) from stdin`.writable();
    await pipeline(Readable.from(chunks()), writable);
    await sql`insert into streams (stream_id, version) select stream_id, max(stream_version) from events where stream_id like 'property-%' group by stream_id
      on conflict (stream_id) do nothing`;
  } finally {
    await sql.end();
  }
  return { ids };
}

/** The read models from the log, as `npm run projections:rebuild` builds them, then fresh statistics. */
export async function rebuildAndAnalyze(db: Database, log = (_: string) => {}): Promise<void> {
  const started = performance.now();
  const { events } = await createProjectionSet(readModels).rebuild(db);
  log(`read models rebuilt from ${events} events in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  // Right after a bulk load the planner's estimates are 100× off until ANALYZE (VERIFIED.md), and
  // index-only scans need the visibility map that VACUUM sets.
  await db.query('vacuum analyze');
}

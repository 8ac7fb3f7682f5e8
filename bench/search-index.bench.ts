// npm run bench:search-index -- --database efie_bench_search_kept
// The in-memory search index alone (docs/decisions/260), on a database kept by
// `npm run bench:search -- --keep`: the index is loaded as a server loads it,
// then answers the benchmark's distinct realistic searches (bench/search-mix.ts)
// one after another, in this process, with no HTTP and no cards. Prints the time
// a search takes and the share the index gives up and sends to the database.
// A script, not a test: figures come from here, and from bench:search end to end.
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as v from 'valibot';
import { SearchQuerySchema } from '../api/contract/properties.schema.ts';
import { createPostgresDatabase } from '../api/db/postgres-database.ts';
import { silentLogger } from '../api/logger.ts';
import { createSearchChangeFeed } from '../api/properties/search-cache.ts';
import { createSearchIndexReplica } from '../api/properties/search-index-replica.ts';
import { placeQuery } from '../api/properties/search.read.ts';
import { createSearchMix } from './search-mix.ts';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string' },
    searches: { type: 'string', default: '20000' },
  },
});
if (!args.database) throw new Error('--database NAME: a database kept by npm run bench:search -- --keep');
const SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = Object.assign(new URL(SERVER), { pathname: `/${args.database}` }).toString();
const SEARCHES = Number(args.searches);

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
/** The heap that is still held after a full garbage collection, in MB. */
const heldMB = () => {
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return Math.round((heapUsed + arrayBuffers) / 1e6);
};

const db = createPostgresDatabase({ url, maxConnections: 2 });
const before = heldMB();
try {
  const feed = createSearchChangeFeed(db);
  const replica = createSearchIndexReplica(db, feed, { log: silentLogger });
  const loading = performance.now();
  if (!(await replica.ready())) throw new Error('the search index did not load');
  const index = replica.current()!;
  console.log(
    `loaded ${index.size().toLocaleString('en-US')} listings in ${((performance.now() - loading) / 1000).toFixed(1)} s; the index holds ${heldMB() - before} MB`,
  );

  const mix = createSearchMix(30);
  const queries = Array.from({ length: SEARCHES }, () => {
    const q = v.parse(SearchQuerySchema, Object.fromEntries(new URLSearchParams(mix.next().split('?')[1])));
    return { q, place: placeQuery(q) };
  });
  const times: number[] = [];
  let givenUp = 0;
  // Twice: the first pass lets the JIT settle, the second is measured.
  for (const measured of [false, true]) {
    for (const { q, place } of queries) {
      const started = performance.now();
      const found = index.find(q, place);
      const took = performance.now() - started;
      if (!measured) continue;
      times.push(took * 1000);
      if (!found) givenUp++;
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(0);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  console.log(
    `${SEARCHES.toLocaleString('en-US')} distinct searches: mean ${mean.toFixed(0)} µs, p50 ${at(0.5)} µs, p95 ${at(0.95)} µs, p99 ${at(0.99)} µs, max ${at(1)} µs; sent to the database ${((givenUp / SEARCHES) * 100).toFixed(1)}%`,
  );
} finally {
  await db.close();
}

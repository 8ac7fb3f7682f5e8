// EXPLAIN (ANALYZE, BUFFERS) over the realistic mix (bench/search-mix.ts) on a
// kept benchmark database: where a search's time goes, statement by statement.
//   npx tsx bench/search-explain.ts --database efie_bench_search_N [--searches 300] [--show 3]
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { SearchQuerySchema } from '../api/contract/properties.schema.ts';
import { createPostgresDatabase } from '../api/db/postgres-database.ts';
import type { SqlClient } from '../events/store/sql.ts';
import { searchListings } from '../api/properties/search.read.ts';
import { createSearchMix } from './search-mix.ts';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string' },
    searches: { type: 'string', default: '300' },
    show: { type: 'string', default: '3' },
  },
});
const server = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const db = createPostgresDatabase({
  url: Object.assign(new URL(server), { pathname: `/${args.database}` }).toString(),
  maxConnections: 1,
});

type Statement = { text: string; params: readonly unknown[] };
/** The statements a search runs, recorded as they run. */
function capture(): { client: SqlClient; statements: Statement[] } {
  const statements: Statement[] = [];
  const client: SqlClient = {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      statements.push({ text, params });
      return db.query<Row>(text, params);
    },
    execute: (script) => db.execute(script),
  };
  return { client, statements };
}

const mix = createSearchMix(Number(process.env.MIX_SEED ?? 30));
const byKind = new Map<
  string,
  { ms: number[]; planMs: number[]; hits: number; reads: number; removed: number; nodes: Map<string, number> }
>();
const slowest: { ms: number; path: string; statement: Statement }[] = [];
const shown = new Map<string, number>();
for (let i = 0; i < Number(args.searches); i++) {
  const path = mix.next();
  const q = v.parse(SearchQuerySchema, Object.fromEntries(new URL(path, 'http://x').searchParams));
  const { client, statements } = capture();
  await searchListings(client, q);
  for (const s of statements) {
    const role = s.text.includes('from search_places')
      ? 'place names'
      : s.text.includes('with hits')
        ? 'page ids and count'
        : 'rows by id';
    const kind = `${role}, ${q.location ? 'location' : 'no location'}`;
    const [row] = await db.query<{ 'QUERY PLAN': unknown }>(
      `explain (analyze, buffers, format json) ${s.text}`,
      s.params,
    );
    const plan = (
      row!['QUERY PLAN'] as [{ Plan: Record<string, unknown>; 'Execution Time': number; 'Planning Time': number }]
    )[0];
    const k = byKind.get(kind) ?? {
      ms: [],
      planMs: [],
      hits: 0,
      reads: 0,
      removed: 0,
      nodes: new Map<string, number>(),
    };
    byKind.set(kind, k);
    k.ms.push(plan['Execution Time']);
    slowest.push({ ms: plan['Execution Time'], path, statement: s });
    k.planMs.push(plan['Planning Time']);
    const walk = (node: Record<string, unknown>) => {
      const name = `${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}`;
      k.nodes.set(name, (k.nodes.get(name) ?? 0) + 1);
      k.removed += Number(node['Rows Removed by Index Recheck'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk(plan.Plan);
    k.hits += Number(plan.Plan['Shared Hit Blocks'] ?? 0);
    k.reads += Number(plan.Plan['Shared Read Blocks'] ?? 0);
    if ((shown.get(kind) ?? 0) < Number(args.show)) {
      shown.set(kind, (shown.get(kind) ?? 0) + 1);
      const [text] = await db
        .query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.params)
        .then((rows) => [rows.map((r) => r['QUERY PLAN']).join('\n')]);
      console.log(`\n--- ${kind}: ${path}\n${text}`);
    }
  }
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
console.log(
  '\nstatement kind | n | exec mean ms | exec p95 ms | plan mean ms | buffers/stmt | rows removed by filter or recheck/stmt | plan nodes',
);
for (const [kind, k] of byKind) {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const nodes = [...k.nodes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([n, c]) => `${n} ×${c}`)
    .join(', ');
  console.log(
    `${kind} | ${k.ms.length} | ${mean(k.ms).toFixed(2)} | ${pct(k.ms, 95).toFixed(2)} | ${mean(k.planMs).toFixed(2)} | ${Math.round((k.hits + k.reads) / k.ms.length)} | ${Math.round(k.removed / k.ms.length)} | ${nodes}`,
  );
}
slowest.sort((a, b) => b.ms - a.ms);
for (const { ms, path, statement } of slowest.slice(0, Number(process.env.SLOWEST ?? 0))) {
  const rows = await db.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${statement.text}`,
    statement.params,
  );
  console.log(`\n--- slowest (${ms.toFixed(2)} ms): ${path}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
}
await db.close();

// npm run stress:crash: signed-in clients create and edit listings, approve
// them and add and remove favourites, every write with its own
// Idempotency-Key and retried with it until final, while the server is
// killed with SIGKILL and started again at random moments. Then it counts
// acknowledged writes that are missing, keys that changed more than once,
// and answers that `npm run projections:rebuild` changes. A script, not a test.
//
//   npm run stress:crash                               (both databases, 20 kills, 8 owners + 8 renters)
//   npm run stress:crash -- --db pglite --kills 5 --interval-ms 500-2000
import { failed, runOn, type Report } from './run.ts';
import { outcomes, retryFigures } from './ledger.ts';
import { parseOptions, USAGE } from './options.ts';

const NAMES = { pglite: 'PGlite (on disk)', postgres: 'PostgreSQL 15' } as const;
const LISTED = 10;

function summary(r: Report): string {
  const retries = retryFigures(r.ledger);
  const kinds = [...outcomes(r.ledger)].map(([label, n]) => `    ${label}: ${n}`);
  const list = (title: string, lines: readonly string[]) => [
    `  ${title}: ${lines.length}`,
    ...lines.slice(0, LISTED).map((l) => `    - ${l}`),
    ...(lines.length > LISTED ? [`    … and ${lines.length - LISTED} more`] : []),
  ];
  const starts = r.startMs.slice(1);
  const rebuild =
    r.rebuildChanged === undefined
      ? 'not checked'
      : r.rebuildChanged.length > 0
        ? `yes, ${r.rebuildChanged.length} of ${r.answersCompared} answers`
        : `no (${r.answersCompared} answers compared)`;
  return [
    `${NAMES[r.kind]}: ${r.kills} kills in ${r.seconds.toFixed(0)} s${starts.length ? `, back after each in ${Math.min(...starts)}–${Math.max(...starts)} ms` : ''}`,
    `  writes acknowledged: ${r.ledger.acknowledged.length}`,
    ...kinds,
    `  needed more than one request: ${retries.retried} (replayed answers ${retries.replayed}; connection errors ${retries.connectionErrors}, 5xx ${retries.serverErrors}, "try again" ${retries.tryAgain}; slowest ${(retries.slowestMs / 1000).toFixed(1)} s)`,
    `  written before a kill cut the request off, then found by the retry: ${r.foundAfterKill}`,
    `  claims never answered at the end: ${r.unansweredClaims}`,
    ...list('missing', r.missing),
    ...list('doubled', r.doubled),
    `  rebuild changed answers: ${rebuild}`,
    ...(r.rebuildChanged ?? []).slice(0, LISTED).map((l) => `    - ${l}`),
    ...list('faults', [...r.faults, ...r.ledger.unexpected]),
  ].join('\n');
}

let options: ReturnType<typeof parseOptions>;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`);
  process.exit(2);
}
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const reports: Report[] = [];
for (const kind of options.databases) reports.push(await runOn(kind, options, log));
console.log(`\n${reports.map(summary).join('\n\n')}`);
const bad = reports.filter(failed);
console.log(bad.length === 0 ? '\nevery check passed' : `\nFAILED on ${bad.map((r) => NAMES[r.kind]).join(' and ')}`);
process.exit(bad.length === 0 ? 0 : 1);

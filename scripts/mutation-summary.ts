// Prints the mutation score per folder from StrykerJS's JSON report (npm run test:mutation runs it after Stryker).
// `tsx scripts/mutation-summary.ts --survivors events/store/` also lists the mutants that survived there.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type Mutant = {
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number; column: number } };
};
type Report = { files: Record<string, { source: string; mutants: Mutant[] }> };

const { values, positionals } = parseArgs({
  options: { survivors: { type: 'string', multiple: true } },
  allowPositionals: true,
});
const report = JSON.parse(readFileSync(positionals[0] ?? 'reports/mutation/mutation.json', 'utf8')) as Report;

const groups: [string, (path: string) => boolean][] = [
  ['events/store/', (p) => p.startsWith('events/store/')],
  ['deciders (events/*/*.decider.ts)', (p) => p.endsWith('.decider.ts')],
  ['projections (events/*/*.projection.ts)', (p) => p.endsWith('.projection.ts')],
  ['api/middleware/', (p) => p.startsWith('api/middleware/')],
  ['api/auth/', (p) => p.startsWith('api/auth/')],
  ['overall', () => true],
];

// Stryker's score: killed and timed-out mutants over all that tests could judge (not the ignored or uncompilable).
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const rows = groups.map(([name, matches]) => {
  const mutants = Object.entries(report.files)
    .filter(([path]) => matches(path.replace(/^.*?(events|api)\//, '$1/')))
    .flatMap(([, file]) => file.mutants);
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const undetected = mutants.filter((m) => UNDETECTED.has(m.status)).length;
  const score = detected + undetected === 0 ? NaN : (100 * detected) / (detected + undetected);
  return { name, detected, undetected, score };
});

console.log('| folder | killed | survived or not covered | score |');
console.log('|---|---|---|---|');
for (const row of rows)
  console.log(
    `| ${row.name} | ${row.detected} | ${row.undetected} | ${Number.isNaN(row.score) ? 'no mutants' : `${row.score.toFixed(1)}%`} |`,
  );

for (const prefix of values.survivors ?? []) {
  console.log(`\nSurvived or not covered in ${prefix}:`);
  for (const [path, file] of Object.entries(report.files)) {
    const relative = path.replace(/^.*?(events|api)\//, '$1/');
    if (!relative.startsWith(prefix)) continue;
    const lines = file.source.split('\n');
    for (const mutant of file.mutants.filter((m) => UNDETECTED.has(m.status))) {
      const { line, column } = mutant.location.start;
      const original = (lines[line - 1] ?? '').trim();
      console.log(
        `- ${relative}:${line}:${column} ${mutant.status} ${mutant.mutatorName}: ${original.slice(0, 100)} → ${(mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80)}`,
      );
    }
  }
}

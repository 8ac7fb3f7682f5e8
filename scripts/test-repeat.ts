// npm run test:repeat [-- --runs N] [vitest filters]: runs the unit suite (vitest) N times,
// default 10, on the database TEST_DB names (PGlite unless TEST_DB=postgres), and says how
// many runs failed. Exits non-zero if any did. Each failed run's output is kept in a file.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '10' } },
  allowPositionals: true,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs must be a whole number of at least 1');
  process.exit(2);
}

const vitest = join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest');
const logs = mkdtempSync(join(tmpdir(), 'efie-test-repeat-'));

function runOnce(): Promise<{ code: number; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(vitest, ['run', ...positionals], { env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const plain = () => output.replace(/\x1b\[[0-9;]*m/g, '');
    child.on('close', (code) =>
      resolve({ code: code ?? 1, output: plain(), seconds: (performance.now() - started) / 1000 }),
    );
  });
}

console.log(`test:repeat: ${runs} runs of vitest run ${positionals.join(' ')} on ${process.env.TEST_DB ?? 'pglite'}`);
let failed = 0;
for (let run = 1; run <= runs; run++) {
  const { code, output, seconds } = await runOnce();
  const summary = output
    .split('\n')
    .filter((line) => /^\s+(Test Files|Tests)\s/.test(line))
    .map((l) => l.trim())
    .join('; ');
  if (code === 0) {
    console.log(`run ${run}/${runs}: passed in ${seconds.toFixed(0)} s (${summary})`);
    continue;
  }
  failed++;
  const file = join(logs, `run-${run}.log`);
  writeFileSync(file, output);
  const failures = [
    ...new Set(
      output
        .split('\n')
        .filter((line) => /^\s*FAIL\s/.test(line))
        .map((l) => l.trim()),
    ),
  ];
  console.log(
    `run ${run}/${runs}: FAILED in ${seconds.toFixed(0)} s (${summary || `exit ${code}`}), output in ${file}`,
  );
  for (const line of failures) console.log(`    ${line}`);
}
console.log(`${failed} of ${runs} runs failed`);
process.exit(failed > 0 ? 1 : 0);

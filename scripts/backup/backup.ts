// npm run backup -- FILE: the whole database named by DATABASE_URL (the event log, streams,
// subscription checkpoints, sessions, idempotency records and read models) as one pg_dump archive.
// pg_dump reads one snapshot, so the server keeps running and taking writes: the archive holds
// every write committed before it began, and none half. Files (photos, videos) live apart, on
// disk under DATA_DIR/files or in S3: back those up with the storage's own tools.
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { postgresUrl, runPgTool } from './pg-tools.ts';

const { positionals } = parseArgs({ allowPositionals: true });
const [file] = positionals;
try {
  if (!file || positionals.length > 1)
    throw new Error('Usage: npm run backup -- FILE   (DATABASE_URL names the database)');
  const url = postgresUrl(process.env);
  const started = performance.now();
  await runPgTool('pg_dump', url, ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`]);
  const seconds = (performance.now() - started) / 1000;
  console.log(`backed up to ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB) in ${seconds.toFixed(1)} s`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

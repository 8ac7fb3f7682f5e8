// Playwright's web server: build the PWA and the server, seed a fresh database, then run the real
// server as built. Set E2E_SKIP_BUILD=1 to reuse an existing build (dist/).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed with status ${result.status}`);
    process.exit(result.status ?? 1);
  }
};

// TEST_DB=postgres (CI's second run): a fresh database on the machine's server, dropped when the server stops.
let dropDatabase = async () => {};
if (process.env.TEST_DB === 'postgres') {
  const { createPostgresTestDatabase } = await import('../../testing/test-database.ts');
  const test = await createPostgresTestDatabase();
  process.env.DATABASE_URL = test.url;
  dropDatabase = () => test.drop();
}

// Videos are scanned by the real clamscan with a signature database made here (EICAR, also inside a file):
// Debian's package ships none, and a machine without internet cannot fetch the official ones.
if (!process.env.CLAMD_SOCKET && !process.env.CLAMAV_DB) {
  const { makeSignatureDatabase } = await import('../../testing/clamav.ts');
  const { join } = await import('node:path');
  process.env.CLAMAV_DB = await makeSignatureDatabase(join(process.env.DATA_DIR ?? '/tmp/efie-e2e', 'clamav'), {
    eicarInside: true,
  });
}

if (process.env.E2E_SKIP_BUILD !== '1')
  run('npm', ['run', 'build', '--silent'], { ...process.env, NODE_ENV: 'production' });

const scripts =
  (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
if (scripts.seed) run('npm', ['run', 'seed', '--silent']);
else console.warn('no "seed" script yet: starting with an empty database');

// The compiled server, as `npm start` runs it in production (dist/api/server.js, built with the PWA).
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/api/server.js'], {
  stdio: 'inherit',
  env: process.env,
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  dropDatabase().finally(() => process.exit(code ?? 0));
});

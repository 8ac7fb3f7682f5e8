import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../testing/free-port.ts';
import { createServerProcess, type ServerProcess } from '../stress-crash/server-process.ts';

const PWA_DIR = fileURLToPath(new URL('../../dist/pwa', import.meta.url));

export const ADMIN = { email: 'offline-chaos-admin@efie.example', password: 'Offline-chaos-admin-1' };

export type AppServer = { process: ServerProcess; origin: string; dataDir: string };

/** Builds the PWA unless dist/pwa already holds one (as the e2e server does with E2E_SKIP_BUILD=1). */
export function ensurePwaBuilt(log: (line: string) => void): void {
  if (existsSync(join(PWA_DIR, 'index.html')) && existsSync(join(PWA_DIR, 'sw.js'))) {
    log(`reusing the PWA in ${PWA_DIR}`);
    return;
  }
  log('building the PWA (npm run build)');
  const built = spawnSync('npm', ['run', 'build', '--silent'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) throw new Error(`npm run build failed with status ${built.status}`);
}

/**
 * The real server on a fresh DATA_DIR, started like the e2e server (dev outbox on, so
 * verification codes can be read), through stress:crash's process code so it can be
 * killed or stopped and started again on the same data and port.
 */
export async function prepareServer(): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'efie-stress-offline-'));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const env = {
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: origin,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    NODE_ENV: 'development',
    EFIE_DEV_OUTBOX: '1',
  };
  return { process: createServerProcess(env, port), origin, dataDir };
}

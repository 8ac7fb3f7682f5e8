import { expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../testing/free-port.ts';

// A journey that deploys a new build must not deploy it where every other spec is served
// from: this starts a second real server (copy-server.entry.ts) on a copy of dist/pwa.

export type CopyServer = { baseURL: string; pwaDir: string; stop: () => Promise<void> };

export async function startCopyServer(): Promise<CopyServer> {
  const pwaDir = mkdtempSync(join(tmpdir(), 'efie-pwa-copy-'));
  cpSync('dist/pwa', pwaDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'efie-copy-data-'));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const { DATABASE_URL: _sharedDatabase, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/copy-server.entry.ts'], {
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: baseURL,
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      NODE_ENV: 'development',
      EFIE_DEV_OUTBOX: '1',
      E2E_PWA_DIR: pwaDir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`the copy server stopped (${child.exitCode ?? child.signalCode}): ${stderr}`);
        return fetch(`${baseURL}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
      },
      { message: 'the copy server answers /api/health', timeout: 120_000 },
    )
    .toBe(true);
  return {
    baseURL,
    pwaDir,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(pwaDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

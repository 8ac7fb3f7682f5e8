import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './testing/free-port.ts';

// The config is evaluated by the runner and again by each worker: the port and data
// directory are chosen once and handed down through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'efie-e2e-'));
process.env.E2E_ADMIN_EMAIL ??= 'admin@efie.test';
process.env.E2E_ADMIN_PASSWORD ??= 'Admin-pass-2026';

const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // A stray test.only must not narrow CI's run to one test.
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    ...devices['Pixel 5'],
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // Builds the PWA, seeds a fresh embedded database and starts the real server.
    command: 'node --import tsx e2e/support/start-server.ts',
    // SIGTERM, not the default SIGKILL, so the server stops and its PostgreSQL database is dropped.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_ORIGIN: baseURL,
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      // The journeys read verification codes from the dev outbox, which is off unless asked for.
      NODE_ENV: 'development',
      EFIE_DEV_OUTBOX: '1',
      // Every browser of the run is one client address (127.0.0.1): the per-address limit on page
      // views (docs/decisions/110) would otherwise drop the analytics journey's views after a busy minute.
      ANALYTICS_VIEWS_PER_MINUTE: '100000',
      // A new verification code 10 s after the last, not 60: the resend journeys wait that out on screen.
      CODE_RESEND_AFTER_SECONDS: '10',
    },
  },
});

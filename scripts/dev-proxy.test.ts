import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.ts';
import { spawnServer, stopServer, type SpawnedServer } from '../testing/spawn-server.ts';
import { devProxy } from './dev-proxy.ts';

// `npm run dev:api` (the dev outbox on) behind `npm run dev` (Vite): a phone on the LAN that opens
// the dev server must not read codes through it, while the developer on this machine still can.
const dirs: string[] = [];
let api: SpawnedServer;
let vite: ViteDevServer;
let viteBase: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'efie-dev-proxy-'));
  const root = mkdtempSync(join(tmpdir(), 'efie-dev-proxy-root-'));
  dirs.push(dataDir, root);
  api = await spawnServer({ DATA_DIR: dataDir, EFIE_DEV_OUTBOX: '1' });
  const port = await freePort();
  vite = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    server: { host: '127.0.0.1', port, strictPort: true, proxy: devProxy(api.base) },
  });
  await vite.listen();
  viteBase = `http://127.0.0.1:${port}`;
}, 120_000);
afterAll(async () => {
  await vite?.close();
  if (api) await stopServer(api.child);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the Vite dev proxy', () => {
  it('says who called, so the dev outbox refuses a call relayed through it', async () => {
    const outbox = '/api/dev/outbox?to=someone%40example.com';
    const direct = await fetch(`${api.base}${outbox}`);
    expect(direct.status).toBe(200);
    const relayed = await fetch(`${viteBase}${outbox}`);
    expect(relayed.status).toBe(404);
    expect(await relayed.json()).toEqual({ error: 'No API route GET /api/dev/outbox', code: 'not_found' });
    // The rest of the API is relayed as before.
    const health = await fetch(`${viteBase}/api/health`);
    expect(health.status).toBe(200);
  });
});

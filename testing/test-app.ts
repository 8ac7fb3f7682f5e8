import type { Projection } from '../events/store/projections.ts';
import type { Database } from '../events/store/sql.ts';
import type { AppDeps } from '../api/app-deps.ts';
import { createApp } from '../api/app.ts';
import { createScryptHasher } from '../api/auth/password.ts';
import { loadConfig, type Config } from '../api/env.ts';
import { silentLogger } from '../api/logger.ts';
import { buildDeps } from '../api/runtime.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

export function testConfig(overrides: Partial<Config> = {}): Config {
  // The tests read codes and links from the dev outbox, as `npm run dev` does, and stand behind
  // one local proxy (TRUST_PROXY=1), so a test names its client's address in X-Forwarded-For.
  return {
    ...loadConfig({
      PUBLIC_ORIGIN: TEST_ORIGIN,
      DATA_DIR: '/tmp/efie-test-unused',
      EFIE_DEV_OUTBOX: '1',
      TRUST_PROXY: '1',
      // Tests read health right after changing the log: every answer asks the database.
      HEALTH_FRESH_MS: '0',
    }),
    ...overrides,
  };
}

/**
 * What @hono/node-server hands the app for a request from this machine: pass it
 * as `app.request`'s third argument where a route asks who is calling (the dev outbox).
 */
export const FROM_LOOPBACK = {
  incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 50000, remoteFamily: 'IPv4' } },
};

/** The real app on a real (test) database, for `app.request()` tests. */
export async function createTestApp(
  db: Database,
  options: { config?: Partial<Config>; clock?: () => Date; projections?: readonly Projection[] } = {},
) {
  const built = await buildDeps(db, testConfig(options.config), silentLogger, {
    // Suites register hundreds of accounts: a cheap scrypt cost (each hash records its own cost).
    passwords: createScryptHasher({ cost: 2 ** 10 }),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.projections ? { projections: options.projections } : {}),
  });
  const deps: AppDeps = built;
  return { app: createApp(deps), deps };
}

/** A tiny cookie jar so a test can act as one signed-in browser. */
export function createClient(app: {
  request: (path: string, init?: RequestInit, env?: object) => Response | Promise<Response>;
}) {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async request(path: string, init: RequestInit & { json?: unknown } = {}) {
      const headers = new Headers(init.headers);
      if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const { json: _json, ...rest } = init;
      // As a browser on this machine: the request comes from a loopback address.
      const res = await app.request(path, { ...rest, headers, body: body ?? null }, FROM_LOOPBACK);
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const [name, ...value] = pair!.split('=');
        const expired = attributes.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
        if (expired) cookies.delete(name!.trim());
        else cookies.set(name!.trim(), value.join('='));
      }
      return res;
    },
  };
}

import type { Projection } from '../../events/store/projections.ts';
import type { Database } from '../../events/store/sql.ts';
import { createApp, type AppDeps } from '../app.ts';
import { createScryptHasher } from '../auth/password.ts';
import { loadConfig, type Config } from '../env.ts';
import { silentLogger } from '../logger.ts';
import { buildDeps } from '../runtime.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ PUBLIC_ORIGIN: TEST_ORIGIN, DATA_DIR: '/tmp/efie-test-unused' }), ...overrides };
}

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
export function createClient(app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> }) {
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
      const res = await app.request(path, { ...rest, headers, body: body ?? null });
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

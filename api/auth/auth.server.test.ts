import type { ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { uniqueEmail, TEST_PASSWORD } from '../../testing/accounts.ts';
import { listen as listenHttp } from '../http/listen.ts';
import { createTestApp, TEST_ORIGIN } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();
let server: ServerType | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** The app behind a real HTTP listener: cookies and headers as a browser gets them. */
async function listen() {
  const { app } = await createTestApp(database());
  const port = await new Promise<number>((resolve) => {
    server = listenHttp(app.fetch, { port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
  });
  return `http://127.0.0.1:${port}`;
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
  body: JSON.stringify(body),
});

describe('accounts over real HTTP', () => {
  it('registers, reads the user with the cookie, signs out, and the cookie is dead afterwards', async () => {
    const base = await listen();
    const email = uniqueEmail();
    const reg = await fetch(
      `${base}/api/auth/register`,
      json({ firstName: 'Abena', lastName: 'Darko', email, password: TEST_PASSWORD, userType: 'renter' }),
    );
    expect(reg.status).toBe(201);
    const setCookie = reg.headers.getSetCookie()[0]!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    const cookie = setCookie.split(';')[0]!;
    const me = await fetch(`${base}/api/auth/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(email);
    const out = await fetch(`${base}/api/auth/logout`, { ...json({}), headers: { cookie, origin: TEST_ORIGIN } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/efie_session=;.*Max-Age=0/);
    expect((await fetch(`${base}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
  });

  it('refuses a cross-site sign-in with 403', async () => {
    const base = await listen();
    const res = await fetch(
      `${base}/api/auth/login`,
      json({ email: uniqueEmail(), password: TEST_PASSWORD }, { origin: 'https://evil.example' }),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Cross-site requests are not allowed.', code: 'cross_site_request' });
  });
});

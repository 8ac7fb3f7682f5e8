import { describe, expect, it } from 'vitest';
import { registerUser, TEST_PASSWORD } from '../../testing/accounts.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { SESSION_HINT_COOKIE } from '../contract/session-hint.ts';
import { SESSION_COOKIE } from './sessions.ts';

const database = useMigratedDatabase();

const cookieLine = (res: Response, name: string) =>
  res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));

describe('the session hint: a readable companion of the session cookie (issue 31)', () => {
  it('is set readable with a session, with its lifetime, and cleared with it at sign-out', async () => {
    const { app } = await createTestApp(database());
    const person = createClient(app);
    const { email } = await registerUser(person);
    const login = await createClient(app).request('/api/auth/login', {
      method: 'POST',
      json: { email, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(200);
    const hint = cookieLine(login, SESSION_HINT_COOKIE)!;
    const session = cookieLine(login, SESSION_COOKIE)!;
    expect(hint).toMatch(/^efie_signed_in=1; Max-Age=2592000; Path=\/; SameSite=Lax$/);
    // The page can read it; the session stays out of its reach.
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(session).toMatch(/HttpOnly/i);

    expect(person.cookies.get(SESSION_HINT_COOKIE)).toBe('1');
    const out = await person.request('/api/auth/logout', { method: 'POST' });
    expect(cookieLine(out, SESSION_HINT_COOKIE)).toMatch(/^efie_signed_in=; Max-Age=0/);
    expect(cookieLine(out, SESSION_COOKIE)).toMatch(/^efie_session=; Max-Age=0/);
    expect(person.cookies.has(SESSION_HINT_COOKIE)).toBe(false);
  });

  it('is given to a session begun before it existed, and to nobody without a session', async () => {
    const { app } = await createTestApp(database());
    const person = createClient(app);
    await registerUser(person);
    person.cookies.delete(SESSION_HINT_COOKIE);
    const answer = await person.request('/api/auth/user');
    expect(answer.status).toBe(200);
    expect(cookieLine(answer, SESSION_HINT_COOKIE)).toMatch(/^efie_signed_in=1;/);
    // Once it is there, it is not sent again.
    expect((await person.request('/api/auth/user')).headers.getSetCookie()).toEqual([]);

    const visitor = await app.request('/api/properties/search');
    expect(visitor.headers.getSetCookie()).toEqual([]);
    const stale = await app.request('/api/auth/user', { headers: { cookie: `${SESSION_COOKIE}=not-a-session` } });
    expect(stale.status).toBe(401);
    expect(cookieLine(stale, SESSION_HINT_COOKIE)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { registerUser, TEST_PASSWORD } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();

const eventCount = async () => (await database().query<{ n: number }>('select count(*)::int8 as n from events'))[0]!.n;
const messageCount = async () =>
  (await database().query<{ n: number }>('select count(*)::int8 as n from outbox_messages'))[0]!.n;

/** Each call that needs a signed-in caller, as a signed-out caller would send it. */
const CALLS = (propertyId: string): [string, string, unknown][] => [
  ['PUT', `/api/properties/${propertyId}`, { title: 'Taken over' }],
  ['DELETE', `/api/properties/${propertyId}`, undefined],
  ['DELETE', `/api/favorites/${propertyId}`, undefined],
  [
    'PUT',
    '/api/auth/change-password',
    { currentPassword: TEST_PASSWORD, newPassword: 'another-password-1', confirmPassword: 'another-password-1' },
  ],
  ['POST', '/api/admin/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'another-password-1' }],
  ['POST', '/api/auth/resend-email-verification', undefined],
  ['POST', '/api/auth/resend-phone-verification', undefined],
];

describe('calls that need a signed-in caller', () => {
  it.each([
    ['with no session cookie', undefined],
    ['with a session cookie the server never issued', 'efie_session=forged-token'],
  ])('answer 401 {error, code: unauthorized} %s, and change nothing', async (_name, cookie) => {
    const { app } = await createTestApp(database());
    const host = createClient(app);
    const { email } = await registerUser(host, { userType: 'owner' });
    const listing = await createListing(host);
    const events = await eventCount();
    const messages = await messageCount();
    for (const [method, path, json] of CALLS(listing.id)) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const init: RequestInit = { method, headers };
      if (json !== undefined) {
        headers['content-type'] = 'application/json';
        init.body = JSON.stringify(json);
      }
      const res = await app.request(path, init);
      expect(await expectError(res, 401, 'unauthorized'), `${method} ${path}`).toEqual({
        error: 'Not signed in',
        code: 'unauthorized',
      });
    }
    expect(await eventCount()).toBe(events);
    expect(await messageCount()).toBe(messages);
    // The host still signs in with the old password, and the listing is as it was.
    const again = createClient(app);
    const login = await again.request('/api/auth/login', { method: 'POST', json: { email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    expect(await (await host.request(`/api/properties/${listing.id}`)).json()).toMatchObject({
      id: listing.id,
      title: listing.title,
    });
  });
});

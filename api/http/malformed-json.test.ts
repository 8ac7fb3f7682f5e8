import { describe, expect, it } from 'vitest';
import { createAdmin, registerUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();

const eventCount = async () => (await database().query<{ n: number }>('select count(*)::int8 as n from events'))[0]!.n;

describe('malformed JSON', () => {
  it('answers 400 {error, code: bad_request} on every route that reads a JSON body, and records nothing', async () => {
    const { app, deps } = await createTestApp(database());
    const host = createClient(app);
    await registerUser(host, { userType: 'owner' });
    const listing = await createListing(host);
    const admin = createClient(app);
    await createAdmin(deps, admin);
    const routes: [string, string][] = [
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/forgot-password'],
      ['POST', '/api/auth/reset-password'],
      ['POST', '/api/auth/verify-email-code'],
      ['PUT', '/api/auth/profile'],
      ['PUT', '/api/auth/change-password'],
      ['POST', '/api/admin/change-password'],
      ['POST', '/api/properties'],
      ['PUT', `/api/properties/${listing.id}`],
      ['PATCH', `/api/admin/properties/${listing.id}/visibility`],
      ['PATCH', `/api/admin/properties/${listing.id}/featured`],
      ['POST', '/api/admin/reorder-featured-properties'],
      ['POST', '/api/upload/property-images'],
    ];
    const before = await eventCount();
    for (const [method, path] of routes) {
      const res = await admin.request(path, {
        method,
        body: '{"title":',
        headers: { 'content-type': 'application/json' },
      });
      expect(await expectError(res, 400, 'bad_request'), `${method} ${path}`).toEqual({
        error: 'Malformed JSON in request body',
        code: 'bad_request',
      });
    }
    expect(await eventCount()).toBe(before);
  });
});

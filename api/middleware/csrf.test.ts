import { describe, expect, it } from 'vitest';
import { createAdmin, registerUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { approveListing, createListing, listingBody } from '../../testing/listings.ts';
import { createClient, createTestApp, TEST_ORIGIN } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();

const EVIL = 'https://evil.example';
const eventCount = async () => (await database().query<{ n: number }>('select count(*)::int8 as n from events'))[0]!.n;

async function setup() {
  const { app, deps } = await createTestApp(database());
  const host = createClient(app);
  await registerUser(host, { userType: 'owner' });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  const listing = await createListing(host);
  await approveListing(admin, listing.id);
  return { app, host, admin, listing };
}

describe('cross-site requests', () => {
  it('refuses a signed-in caller’s POST, PUT, PATCH and DELETE from another origin with 403, changing nothing', async () => {
    const { host, admin, listing } = await setup();
    const calls: [typeof host, string, string, unknown][] = [
      [host, 'POST', '/api/properties', listingBody()],
      [host, 'PUT', `/api/properties/${listing.id}`, { title: 'Changed from evil.example' }],
      [admin, 'PATCH', `/api/admin/properties/${listing.id}/visibility`, { isActive: false }],
      [host, 'DELETE', `/api/properties/${listing.id}`, undefined],
    ];
    const before = await eventCount();
    for (const [client, method, path, json] of calls) {
      const res = await client.request(path, {
        method,
        headers: { origin: EVIL },
        ...(json === undefined ? {} : { json }),
      });
      expect(await expectError(res, 403, 'cross_site_request'), `${method} ${path}`).toEqual({
        error: 'Cross-site requests are not allowed.',
        code: 'cross_site_request',
      });
    }
    expect(await eventCount()).toBe(before);
    expect(await (await host.request(`/api/properties/${listing.id}`)).json()).toMatchObject({
      title: listing.title,
      isActive: true,
    });
  });

  it('lets the same calls through from our own origin, and reads from any origin', async () => {
    const { host, admin, listing } = await setup();
    const own = { origin: TEST_ORIGIN };
    expect((await host.request(`/api/properties/${listing.id}`, { headers: { origin: EVIL } })).status).toBe(200);
    expect((await host.request('/api/properties', { method: 'POST', headers: own, json: listingBody() })).status).toBe(
      201,
    );
    expect(
      (await host.request(`/api/properties/${listing.id}`, { method: 'PUT', headers: own, json: { title: 'Renamed' } }))
        .status,
    ).toBe(200);
    const hide = await admin.request(`/api/admin/properties/${listing.id}/visibility`, {
      method: 'PATCH',
      headers: own,
      json: { isActive: false },
    });
    expect(hide.status).toBe(200);
    expect((await host.request(`/api/properties/${listing.id}`, { method: 'DELETE', headers: own })).status).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { createAdmin, registerUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { listProviders, providerBody, registerProvider, setStatus } from '../../testing/service-providers.ts';

const database = useMigratedDatabase();

async function setup() {
  const { app, deps } = await createTestApp(database());
  const admin = createClient(app);
  await createAdmin({ deps }, admin);
  const renter = createClient(app);
  await registerUser(renter);
  const visitor = createClient(app);
  /** A new signed-in account per application (one pending application per account). */
  const applicant = async () => {
    const client = createClient(app);
    await registerUser(client, { userType: 'owner' });
    return client;
  };
  return { app, admin, renter, visitor, applicant };
}

const eventCount = async () => (await database().query<{ n: number }>('select count(*)::int as n from events'))[0]!.n;

describe('who may call the service provider API', () => {
  it('answers 401 to a visitor on every call, and creates nothing', async () => {
    const { visitor, applicant, admin } = await setup();
    const p = await registerProvider(await applicant());
    const before = await eventCount();
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/service-providers', providerBody()],
      ['GET', '/api/service-providers?status=approved'],
      ['GET', '/api/service-providers'],
      ['PATCH', `/api/service-providers/${p.id}/status`, { status: 'approved' }],
    ];
    for (const [method, path, json] of calls) {
      const res = await visitor.request(path, { method, json });
      expect(await expectError(res, 401, 'unauthorized'), `${method} ${path}`).toEqual({
        error: 'Not signed in',
        code: 'unauthorized',
      });
    }
    expect(await eventCount()).toBe(before);
    expect((await listProviders(admin, '?status=pending')).total).toBe(1);
  });

  it('answers 403 to a signed-in non-admin on the admin list and on status changes', async () => {
    const { renter, applicant, admin } = await setup();
    const owner = await applicant();
    const p = await registerProvider(owner);
    for (const client of [renter, owner]) {
      for (const query of ['', '?status=pending', '?status=rejected', '?status=all']) {
        await expectError(await client.request(`/api/service-providers${query}`), 403, 'forbidden');
      }
      for (const status of ['approved', 'rejected', 'pending']) {
        const res = await client.request(`/api/service-providers/${p.id}/status`, {
          method: 'PATCH',
          json: { status },
        });
        expect(await expectError(res, 403, 'forbidden')).toEqual({ error: 'Admins only', code: 'forbidden' });
      }
    }
    expect((await listProviders(admin, '?status=pending')).providers[0]).toMatchObject({ id: p.id, status: 'pending' });
  });

  it('lists only approved providers in the directory, for any signed-in person, without counts', async () => {
    const { renter, applicant, admin } = await setup();
    const [waiting, accepted, turnedDown] = [await applicant(), await applicant(), await applicant()];
    await registerProvider(waiting, { businessName: 'Waiting Ltd' });
    const approved = await registerProvider(accepted, { businessName: 'Approved Ltd' });
    const rejected = await registerProvider(turnedDown, { businessName: 'Rejected Ltd' });
    await setStatus(admin, approved.id, 'approved');
    await setStatus(admin, rejected.id, 'rejected');
    // The same page for a renter and for each applicant: one whose application waits or was
    // rejected does not see it there, nor anyone else's; the approved one sees theirs as everyone does.
    for (const [who, client] of [
      ['renter', renter],
      ['pending applicant', waiting],
      ['approved applicant', accepted],
      ['rejected applicant', turnedDown],
    ] as const) {
      expect(await listProviders(client, '?status=approved'), who).toEqual({
        providers: [expect.objectContaining({ id: approved.id, businessName: 'Approved Ltd', status: 'approved' })],
        total: 1,
        page: 1,
        pageSize: 12,
      });
      for (const query of ['?status=pending', '?status=rejected', '?status=all', '']) {
        await expectError(await client.request(`/api/service-providers${query}`), 403, 'forbidden');
      }
    }
  });

  it('gives admins every status with counts per status, and filters by status', async () => {
    const { applicant, admin } = await setup();
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await registerProvider(await applicant())).id);
    await setStatus(admin, ids[0]!, 'approved');
    await setStatus(admin, ids[1]!, 'rejected');
    const all = await listProviders(admin);
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 20, counts: { pending: 2, approved: 1, rejected: 1 } });
    expect(all.providers.map((p) => p.id)).toEqual([...ids].reverse());
    const pending = await listProviders(admin, '?status=pending');
    expect(pending).toMatchObject({ total: 2, counts: { pending: 2, approved: 1, rejected: 1 } });
    expect(pending.providers.map((p) => p.id)).toEqual([ids[3], ids[2]]);
    expect((await listProviders(admin, '?status=rejected')).providers.map((p) => p.id)).toEqual([ids[1]]);
  });

  it('filters the directory by category, service-area text and emergency availability', async () => {
    const { renter, applicant, admin } = await setup();
    const make = async (overrides: Parameters<typeof providerBody>[0]) => {
      const p = await registerProvider(await applicant(), overrides);
      await setStatus(admin, p.id, 'approved');
      return p.id;
    };
    const plumberAccra = await make({ categoryId: 'plumber', serviceArea: 'Greater Accra', emergencyAvailable: true });
    const plumberKumasi = await make({ categoryId: 'plumber', serviceArea: 'Kumasi', emergencyAvailable: false });
    const painterAccra = await make({
      categoryId: 'painter',
      serviceArea: 'East Legon, ACCRA',
      emergencyAvailable: false,
    });
    const ids = async (query: string) =>
      (await listProviders(renter, `?status=approved${query}`)).providers.map((p) => p.id).sort();
    expect(await ids('&category=plumber')).toEqual([plumberAccra, plumberKumasi].sort());
    expect(await ids('&area=accra')).toEqual([plumberAccra, painterAccra].sort());
    expect(await ids('&emergency=true')).toEqual([plumberAccra]);
    expect(await ids('&emergency=false')).toEqual([plumberAccra, plumberKumasi, painterAccra].sort());
    expect(await ids('&category=plumber&area=accra&emergency=true')).toEqual([plumberAccra]);
    expect(await ids('&area=100%25')).toEqual([]);
    expect(await ids('&category=&area=')).toHaveLength(3);
    expect(await ids('&category=gardener')).toEqual([]);
    const bad = await renter.request('/api/service-providers?status=approved&category=roofer');
    expect((await expectError(bad, 400, 'invalid_input')).error).toBe(
      'category must be one of contractor, plumber, electrician, painter, gardener',
    );
    await expectError(
      await renter.request('/api/service-providers?status=approved&emergency=yes'),
      400,
      'invalid_input',
    );
    await expectError(
      await renter.request(`/api/service-providers?status=approved&area=${'a'.repeat(101)}`),
      400,
      'invalid_input',
    );
  });

  it('pages the directory: 12 a page by default, limit up to 100, newest first', async () => {
    const { renter, applicant, admin } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 14; i++) {
      const p = await registerProvider(await applicant());
      await setStatus(admin, p.id, 'approved');
      ids.unshift(p.id);
    }
    const first = await listProviders(renter, '?status=approved');
    expect(first).toMatchObject({ total: 14, page: 1, pageSize: 12 });
    expect(first.providers.map((p) => p.id)).toEqual(ids.slice(0, 12));
    const second = await listProviders(renter, '?status=approved&page=2');
    expect(second).toMatchObject({ total: 14, page: 2, pageSize: 12 });
    expect(second.providers.map((p) => p.id)).toEqual(ids.slice(12));
    const five = await listProviders(renter, '?status=approved&limit=5&page=3');
    expect(five.providers.map((p) => p.id)).toEqual(ids.slice(10, 14));
    expect((await listProviders(renter, '?status=approved&page=9')).providers).toEqual([]);
    for (const query of ['page=0', 'page=x', 'limit=0', 'limit=101', 'page=-1']) {
      await expectError(await renter.request(`/api/service-providers?status=approved&${query}`), 400, 'invalid_input');
    }
  });
});

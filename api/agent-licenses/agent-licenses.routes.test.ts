import { describe, expect, it } from 'vitest';
import { createAdmin, registerUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { approveListing, createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { AgentLicensePage } from '../contract/agent-licenses.schema.ts';
import type { User } from '../contract/auth.schema.ts';
import type { Property } from '../contract/properties.schema.ts';

// Agents' licences (issue 33, docs/decisions/330): the agent's number in their profile, the admins'
// finding about that number, and what renters are told on the agent's listings.

const database = useMigratedDatabase();
const NUMBER = 'REAC/AG/2024/0117';

async function setup() {
  const { app, deps } = await createTestApp(database());
  const agent = createClient(app);
  const { user } = await registerUser(agent, { firstName: 'Kwabena', lastName: 'Asante', userType: 'agent' });
  const owner = createClient(app);
  await registerUser(owner, { firstName: 'Efua', userType: 'owner' });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  const visitor = createClient(app);
  const setNumber = async (licenseNumber: string | null) => {
    const res = await agent.request('/api/auth/profile', {
      method: 'PUT',
      json: { firstName: 'Kwabena', lastName: 'Asante', licenseNumber },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const decide = (action: 'verify' | 'reject', json: object, userId = user.id) =>
    admin.request(`/api/admin/agent-licenses/${userId}/${action}`, { method: 'POST', json });
  const queue = async (status = 'pending') => {
    const res = await admin.request(`/api/admin/agent-licenses?status=${status}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as AgentLicensePage;
  };
  const me = async () => (await (await agent.request('/api/auth/user')).json()) as User;
  return { deps, agent, agentId: user.id, owner, admin, visitor, setNumber, decide, queue, me };
}

const eventCount = async () => (await database().query<{ n: number }>('select count(*)::int8 as n from events'))[0]!.n;

describe('agent licences', () => {
  it('labels an agent unverified until an admin verifies the number in their profile, then verified on their listings', async () => {
    const { agent, owner, admin, visitor, setNumber, decide, queue, me } = await setup();
    const listing = await createListing(agent, {});
    await approveListing(admin, listing.id);
    const ownersListing = await createListing(owner, {});
    await approveListing(admin, ownersListing.id);
    const label = async (id: string) =>
      ((await (await visitor.request(`/api/properties/${id}`)).json()) as Property).ownerAgentLicense;
    // An agent without a number is an unverified agent; an owner is not an agent at all.
    expect(await label(listing.id)).toBe('unverified');
    expect(await label(ownersListing.id)).toBeNull();
    expect((await me()).licenseStatus).toBe('none');
    expect((await queue()).agents).toEqual([]);

    await setNumber(NUMBER);
    expect((await me()).licenseStatus).toBe('pending');
    expect((await queue()).agents).toEqual([
      expect.objectContaining({
        firstName: 'Kwabena',
        licenseNumber: NUMBER,
        status: 'pending',
        decidedAt: null,
        liveListings: 1,
      }),
    ]);
    const res = await decide('verify', { licenseNumber: NUMBER });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ message: 'Licence verified.', agent: { status: 'verified' } });
    expect(await label(listing.id)).toBe('verified');
    expect(await me()).toMatchObject({ licenseStatus: 'verified', licenseRejectionReason: null });
    expect((await queue()).total).toBe(0);
    expect((await queue('verified')).agents).toEqual([
      expect.objectContaining({ licenseNumber: NUMBER, status: 'verified', decidedAt: expect.any(String) }),
    ]);
    // The owner's listing search card says it too.
    const found = (await (await visitor.request('/api/properties/search')).json()) as { properties: Property[] };
    expect(found.properties.find((p) => p.id === listing.id)?.ownerAgentLicense).toBe('verified');

    // A new number is checked afresh: until then the agent is unverified again.
    await setNumber('REAC/AG/2025/0042');
    expect(await label(listing.id)).toBe('unverified');
    expect((await me()).licenseStatus).toBe('pending');
    // Back to the verified number: that finding holds again.
    await setNumber(NUMBER);
    expect(await label(listing.id)).toBe('verified');
  });

  it('rejects a number with a reason the agent is shown, and a later check may reverse it', async () => {
    const { setNumber, decide, queue, me } = await setup();
    await setNumber(NUMBER);
    const res = await decide('reject', { licenseNumber: NUMBER, reason: ' Not on the council’s register ' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await me()).toMatchObject({
      licenseStatus: 'rejected',
      licenseRejectionReason: 'Not on the council’s register',
    });
    expect((await queue('rejected')).agents).toEqual([
      expect.objectContaining({ status: 'rejected', reason: 'Not on the council’s register' }),
    ]);
    await expectError(
      await decide('reject', { licenseNumber: NUMBER, reason: 'Again' }),
      409,
      'license_already_rejected',
    );
    expect((await decide('verify', { licenseNumber: NUMBER })).status).toBe(200);
    expect(await me()).toMatchObject({ licenseStatus: 'verified', licenseRejectionReason: null });
    await expectError(await decide('verify', { licenseNumber: NUMBER }), 409, 'license_already_verified');
  });

  it('refuses a decision about a number the agent no longer has, or about anyone who is not an agent with one', async () => {
    const { owner, setNumber, decide, me } = await setup();
    await setNumber(NUMBER);
    const before = await eventCount();
    const changed = await expectError(
      await decide('verify', { licenseNumber: 'REAC/AG/2020/0001' }),
      409,
      'license_changed',
    );
    expect(changed.error).toContain(NUMBER);
    const ownerId = ((await (await owner.request('/api/auth/user')).json()) as User).id;
    await expectError(await decide('verify', { licenseNumber: NUMBER }, ownerId), 404, 'agent_not_found');
    await expectError(await decide('verify', { licenseNumber: NUMBER }, 'not-an-id'), 404, 'agent_not_found');
    const noReason = await expectError(
      await decide('reject', { licenseNumber: NUMBER, reason: ' ' }),
      400,
      'invalid_input',
    );
    expect(noReason.error).toBe('Say why the licence is rejected: the agent is shown it');
    await expectError(await decide('verify', {}), 400, 'invalid_input');
    expect(await eventCount()).toBe(before);
    expect((await me()).licenseStatus).toBe('pending');
  });

  it('lets only admins see the queue and decide', async () => {
    const { agent, agentId, visitor, setNumber } = await setup();
    await setNumber(NUMBER);
    await expectError(await visitor.request('/api/admin/agent-licenses'), 401, 'unauthorized');
    await expectError(await agent.request('/api/admin/agent-licenses'), 403, 'forbidden');
    await expectError(
      await agent.request(`/api/admin/agent-licenses/${agentId}/verify`, {
        method: 'POST',
        json: { licenseNumber: NUMBER },
      }),
      403,
      'forbidden',
    );
  });
});

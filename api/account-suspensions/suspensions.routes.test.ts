import { describe, expect, it } from 'vitest';
import { createAdmin, readOutbox, registerUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { approveListing, createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { SuspensionsPage } from '../contract/suspensions.schema.ts';

// Suspending a host (issue 33, docs/decisions/345): the fourth resolution of reports. The account
// cannot sign in, its sessions end, its listings are held; lifting brings back what the suspension hid.

const database = useMigratedDatabase();

async function setup() {
  const { app, deps } = await createTestApp(database());
  const host = createClient(app);
  const hostAccount = await registerUser(host, { firstName: 'Kofi', lastName: 'Scam', userType: 'agent' });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  const renter = createClient(app);
  const { email: renterEmail } = await registerUser(renter, { firstName: 'Abena' });
  const visitor = createClient(app);
  const reported = await createListing(host, { title: 'Cheap flat in Osu' });
  const other = await createListing(host, { title: 'Room in Madina' });
  const ownHidden = await createListing(host, { title: 'Store in Tema' });
  const pending = await createListing(host, { title: 'New flat in Kasoa' });
  for (const listing of [reported, other, ownHidden]) await approveListing(admin, listing.id);
  const hid = await host.request(`/api/properties/${ownHidden.id}`, { method: 'PUT', json: { isActive: false } });
  expect(hid.status, await hid.clone().text()).toBe(200);
  const isLive = async (id: string) => (await visitor.request(`/api/properties/${id}`)).status === 200;
  const signIn = (password = hostAccount.password) =>
    createClient(app).request('/api/auth/login', {
      method: 'POST',
      json: { email: hostAccount.email, password },
    });
  const suspensions = async () => {
    const res = await admin.request('/api/admin/suspensions');
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as SuspensionsPage;
  };
  return {
    app,
    host,
    hostAccount,
    admin,
    renter,
    renterEmail: renterEmail!,
    listings: { reported, other, ownHidden, pending },
    isLive,
    signIn,
    suspensions,
  };
}

const eventCount = async () => (await database().query<{ n: number }>('select count(*)::int8 as n from events'))[0]!.n;

describe('suspending a host', () => {
  it('ends the host’s sessions, refuses their sign-in, holds every listing, tells them and the reporter; lifting undoes what it did', async () => {
    const { app, host, hostAccount, admin, renter, renterEmail, listings, isLive, signIn, suspensions } = await setup();
    const { reported, other, ownHidden, pending } = listings;
    const report = await renter.request(`/api/properties/${reported.id}/reports`, {
      method: 'POST',
      json: { reason: 'scam', note: 'Asked for a viewing fee by MoMo' },
    });
    expect(report.status, await report.clone().text()).toBe(201);

    const res = await admin.request(`/api/admin/reports/${reported.id}/resolve`, {
      method: 'POST',
      json: { action: 'suspend', note: 'Took viewing fees from three renters.' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { message: string }).message).toContain('owner suspended');

    // Signed out everywhere, and not let back in: told why only with the right password.
    await expectError(await host.request('/api/auth/user'), 401, 'unauthorized');
    const refused = await expectError(await signIn(), 403, 'account_suspended');
    expect(refused.error).toContain('suspended');
    await expectError(await signIn('not-the-password'), 401, 'invalid_credentials');

    expect(await isLive(reported.id)).toBe(false);
    expect(await isLive(other.id)).toBe(false);
    // Approved while the owner is suspended: still not live.
    await approveListing(admin, pending.id);
    expect(await isLive(pending.id)).toBe(false);

    const [told] = (await readOutbox(app, hostAccount.email!)).filter(
      (m) => m.subject === 'Your Efie account is suspended',
    );
    expect(told?.text).toContain('Took viewing fees from three renters.');
    const [reporterTold] = (await readOutbox(app, renterEmail)).filter(
      (m) => m.subject === 'About the listing you reported',
    );
    expect(reporterTold?.text).toContain('suspended the host’s account');

    const page = await suspensions();
    expect(page.total).toBe(1);
    expect(page.accounts[0]).toMatchObject({
      userId: hostAccount.user.id,
      name: 'Kofi Scam',
      email: hostAccount.email,
      reason: 'Took viewing fees from three renters.',
      hiddenListings: 4,
    });

    const lifted = await admin.request(`/api/admin/suspensions/${hostAccount.user.id}/lift`, {
      method: 'POST',
      json: { note: 'Refunded every renter.' },
    });
    expect(lifted.status, await lifted.clone().text()).toBe(200);
    expect((await signIn()).status).toBe(200);
    // Back: what the suspension hid. Not the reported listing (held by the admins' decision), nor the one its owner hid.
    expect(await isLive(other.id)).toBe(true);
    expect(await isLive(pending.id)).toBe(true);
    expect(await isLive(reported.id)).toBe(false);
    expect(await isLive(ownHidden.id)).toBe(false);
    const [reopened] = (await readOutbox(app, hostAccount.email!)).filter(
      (m) => m.subject === 'Your Efie account is open again',
    );
    expect(reopened?.text).toContain('Refunded every renter.');
    expect((await suspensions()).total).toBe(0);
    await expectError(
      await admin.request(`/api/admin/suspensions/${hostAccount.user.id}/lift`, { method: 'POST', json: {} }),
      409,
      'not_suspended',
    );
  });

  it('refuses to suspend an admin, leaving the reports open and changing nothing', async () => {
    const { app, deps } = await createTestApp(database());
    const admin = createClient(app);
    await createAdmin(deps, admin);
    const otherAdmin = createClient(app);
    await createAdmin(deps, otherAdmin);
    const renter = createClient(app);
    await registerUser(renter, {});
    const listing = await createListing(otherAdmin, { title: 'Admin’s own flat' });
    await approveListing(admin, listing.id);
    const report = await renter.request(`/api/properties/${listing.id}/reports`, {
      method: 'POST',
      json: { reason: 'wrong_price' },
    });
    expect(report.status).toBe(201);
    const before = await eventCount();
    await expectError(
      await admin.request(`/api/admin/reports/${listing.id}/resolve`, { method: 'POST', json: { action: 'suspend' } }),
      409,
      'cannot_suspend_admin',
    );
    expect(await eventCount()).toBe(before);
    expect((await (await otherAdmin.request('/api/auth/user')).json()) as object).toMatchObject({ isAdmin: true });
    const queue = (await (await admin.request('/api/admin/reports')).json()) as { total: number };
    expect(queue.total).toBe(1);
  });

  it('lets only admins list and lift suspensions, and refuses bad input with 4xx', async () => {
    const { admin, renter, hostAccount } = await setup();
    const before = await eventCount();
    await expectError(await renter.request('/api/admin/suspensions'), 403, 'forbidden');
    await expectError(
      await renter.request(`/api/admin/suspensions/${hostAccount.user.id}/lift`, { method: 'POST', json: {} }),
      403,
      'forbidden',
    );
    await expectError(
      await admin.request('/api/admin/suspensions/not-an-id/lift', { method: 'POST', json: {} }),
      404,
      'user_not_found',
    );
    await expectError(
      await admin.request('/api/admin/suspensions/6f1c1a52-61b4-4b47-9a31-0f0c0d7f6a11/lift', {
        method: 'POST',
        json: {},
      }),
      404,
      'user_not_found',
    );
    await expectError(
      await admin.request(`/api/admin/suspensions/${hostAccount.user.id}/lift`, {
        method: 'POST',
        json: { note: 'x'.repeat(1001) },
      }),
      400,
      'invalid_input',
    );
    await expectError(
      await admin.request(`/api/admin/suspensions/${hostAccount.user.id}/lift`, { method: 'POST', json: {} }),
      409,
      'not_suspended',
    );
    await expectError(await admin.request('/api/admin/suspensions?page=0'), 400, 'invalid_input');
    expect(await eventCount()).toBe(before);
  });
});

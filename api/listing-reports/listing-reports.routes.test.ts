import { describe, expect, it } from 'vitest';
import { createAdmin, readOutbox, registerUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { approveListing, createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { Property } from '../contract/properties.schema.ts';
import type { ReportQueuePage } from '../contract/reports.schema.ts';

// Reporting a listing (issue 33, docs/decisions/340): three different people's open reports hide it
// until an admin decides; each resolution is an event, and each reporter is told.

const database = useMigratedDatabase();

async function setup() {
  const { app, deps } = await createTestApp(database());
  const host = createClient(app);
  await registerUser(host, { firstName: 'Kofi', userType: 'owner' });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  const renters = await Promise.all(
    [1, 2, 3, 4].map(async (n) => {
      const client = createClient(app);
      const { email } = await registerUser(client, { firstName: `Renter${n}` });
      return { client, email: email! };
    }),
  );
  const visitor = createClient(app);
  const listing = await createListing(host, { title: 'Cheap flat in Osu' });
  await approveListing(admin, listing.id);
  const report = (client: typeof host, json: object = { reason: 'scam', note: 'Asked for a viewing fee by MoMo' }) =>
    client.request(`/api/properties/${listing.id}/reports`, { method: 'POST', json });
  const isFound = async () => {
    const res = await visitor.request(`/api/properties/${listing.id}`);
    return res.status === 200;
  };
  const inSearch = async () =>
    ((await (await visitor.request('/api/properties/search')).json()) as { properties: Property[] }).properties.some(
      (p) => p.id === listing.id,
    );
  const queue = async (status = 'open') => {
    const res = await admin.request(`/api/admin/reports?status=${status}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as ReportQueuePage;
  };
  const resolve = (json: object) => admin.request(`/api/admin/reports/${listing.id}/resolve`, { method: 'POST', json });
  return { app, host, admin, renters, listing, report, isFound, inSearch, queue, resolve };
}

const eventCount = async () => (await database().query<{ n: number }>('select count(*)::int8 as n from events'))[0]!.n;

describe('reporting a listing', () => {
  it('hides a listing with the third different person’s report, and its owner cannot show it again', async () => {
    const { host, renters, listing, report, isFound, inSearch, queue } = await setup();
    const first = await report(renters[0]!.client);
    expect(first.status, await first.clone().text()).toBe(201);
    expect(await first.json()).toMatchObject({ report: { reason: 'scam', status: 'open' } });
    // The same person twice is still one report.
    await expectError(await report(renters[0]!.client), 409, 'already_reported');
    expect((await report(renters[1]!.client, { reason: 'already_let' })).status).toBe(201);
    expect(await isFound()).toBe(true);
    expect(await inSearch()).toBe(true);
    expect((await report(renters[2]!.client, { reason: 'wrong_price' })).status).toBe(201);
    expect(await isFound()).toBe(false);
    expect(await inSearch()).toBe(false);

    const open = await queue();
    expect(open.total).toBe(1);
    expect(open.listings[0]).toMatchObject({ listingId: listing.id, title: 'Cheap flat in Osu', held: true });
    expect(open.listings[0]!.reports.map((r) => r.reason)).toEqual(['scam', 'already_let', 'wrong_price']);
    expect(open.listings[0]!.reports[0]!.note).toBe('Asked for a viewing fee by MoMo');

    const show = await host.request(`/api/properties/${listing.id}`, { method: 'PUT', json: { isActive: true } });
    const refused = await expectError(show, 409, 'held_for_review');
    expect(refused.error).toContain('reviews reports');
  });

  it('dismissing shows a held listing again, closes the reports and tells each reporter', async () => {
    const { app, renters, report, isFound, inSearch, queue, resolve } = await setup();
    for (const { client } of renters.slice(0, 3)) expect((await report(client)).status).toBe(201);
    expect(await isFound()).toBe(false);
    const res = await resolve({ action: 'dismiss', note: 'The host showed us the tenancy papers.' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await isFound()).toBe(true);
    expect(await inSearch()).toBe(true);
    expect((await queue()).total).toBe(0);
    const resolved = await queue('resolved');
    expect(resolved.listings[0]!.reports.every((r) => r.status === 'resolved' && r.action === 'dismiss')).toBe(true);
    for (const { email } of renters.slice(0, 3)) {
      const [notice] = (await readOutbox(app, email)).filter((m) => m.subject === 'About the listing you reported');
      expect(notice?.text).toContain('Cheap flat in Osu');
      expect(notice?.text).toContain('found nothing that breaks our rules');
      expect(notice?.text).toContain('The host showed us the tenancy papers.');
    }
    // Counted afresh: one new report does not hide it again.
    expect((await report(renters[3]!.client)).status).toBe(201);
    expect(await isFound()).toBe(true);
  });

  it('hiding keeps the listing hidden from its owner’s switch; deleting removes it', async () => {
    const { host, renters, listing, report, isFound, resolve, admin } = await setup();
    expect((await report(renters[0]!.client)).status).toBe(201);
    // One report: still live; the admins hide it after a look.
    expect((await resolve({ action: 'hide' })).status).toBe(200);
    expect(await isFound()).toBe(false);
    await expectError(
      await host.request(`/api/properties/${listing.id}`, { method: 'PUT', json: { isActive: true } }),
      409,
      'held_for_review',
    );
    // Only an admin shows it again.
    const shown = await admin.request(`/api/admin/properties/${listing.id}/visibility`, {
      method: 'PATCH',
      json: { isActive: true },
    });
    expect(shown.status, await shown.clone().text()).toBe(200);
    expect(await isFound()).toBe(true);

    expect((await report(renters[1]!.client)).status).toBe(201);
    expect((await resolve({ action: 'delete' })).status).toBe(200);
    expect(await isFound()).toBe(false);
    await expectError(await host.request(`/api/properties/${listing.id}`), 404, 'property_not_found');
  });

  it('refuses what it should, changing nothing', async () => {
    const { host, renters, admin, listing, report, resolve } = await setup();
    const before = await eventCount();
    await expectError(await report(host), 403, 'own_listing');
    const other = await expectError(await report(renters[0]!.client, { reason: 'other' }), 400, 'invalid_input');
    expect(other.error).toBe('Tell us what is wrong with this listing');
    await expectError(await report(renters[0]!.client, { reason: 'ugly' }), 400, 'invalid_input');
    await expectError(
      await report(renters[0]!.client, { reason: 'scam', note: 'x'.repeat(1001) }),
      400,
      'invalid_input',
    );
    const pending = await createListing(host, {});
    await expectError(
      await renters[0]!.client.request(`/api/properties/${pending.id}/reports`, {
        method: 'POST',
        json: { reason: 'scam' },
      }),
      404,
      'property_not_found',
    );
    await expectError(await resolve({ action: 'dismiss' }), 409, 'no_open_reports');
    await expectError(await resolve({ action: 'ban' }), 400, 'invalid_input');
    await expectError(
      await admin.request('/api/admin/reports/not-an-id/resolve', { method: 'POST', json: { action: 'dismiss' } }),
      404,
      'report_not_found',
    );
    await expectError(await renters[0]!.client.request('/api/admin/reports'), 403, 'forbidden');
    await expectError(
      await renters[0]!.client.request(`/api/admin/reports/${listing.id}/resolve`, {
        method: 'POST',
        json: { action: 'dismiss' },
      }),
      403,
      'forbidden',
    );
    // The pending listing's submission, and nothing else.
    expect(await eventCount()).toBe(before + 1);
  });
});

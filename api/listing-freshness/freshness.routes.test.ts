import { describe, expect, it } from 'vitest';
import { createAdmin, readOutbox, registerUser, signInAgain } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { approveListing, createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { Property } from '../contract/properties.schema.ts';
import { sweepListingFreshness } from './freshness-sweep.ts';

// Listings that stay true (issue 34, docs/decisions/400), through HTTP and the sweep, on a clock the
// test moves: a reminder a week before, out of search at 45 days, back with one tap.

const database = useMigratedDatabase();
const DAY = 24 * 60 * 60 * 1000;

async function setup() {
  const start = new Date('2026-11-29T10:00:00.000Z');
  let now = start;
  const { app, deps } = await createTestApp(database(), { clock: () => now });
  const host = createClient(app);
  const hostAccount = await registerUser(host, { firstName: 'Kofi', userType: 'owner' });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  const renter = createClient(app);
  await registerUser(renter, { firstName: 'Esi' });
  const listing = await createListing(host, { title: 'Two rooms near Hohoe market' });
  await approveListing(admin, listing.id);
  const visitor = createClient(app);
  const inSearch = async () =>
    ((await (await visitor.request('/api/properties/search')).json()) as { properties: Property[] }).properties.some(
      (p) => p.id === listing.id,
    );
  const property = async () => (await (await host.request(`/api/properties/${listing.id}`)).json()) as Property;
  const tap = (client: typeof host, action: 'confirm-available' | 'mark-let' | 'relist') =>
    client.request(`/api/properties/${listing.id}/${action}`, { method: 'POST' });
  const notices = async () =>
    (await readOutbox(app, hostAccount.email!)).filter((m) => m.text.includes('Two rooms near Hohoe market'));
  return {
    deps,
    host,
    admin,
    renter,
    listing,
    inSearch,
    property,
    tap,
    notices,
    /** Moves the clock to `days` after the approval and sweeps; the host signs in again (sessions end). */
    sweepAt: async (days: number) => {
      now = new Date(start.getTime() + days * DAY);
      const swept = await sweepListingFreshness(deps, now);
      await signInAgain([{ client: host, email: hostAccount.email!, password: hostAccount.password }]);
      return swept;
    },
  };
}

describe('listings that stay true', () => {
  it('reminds the host a week before, takes the listing out of search at 45 days, and brings it back with one tap', async () => {
    const { host, inSearch, property, tap, notices, sweepAt } = await setup();
    expect((await property()).confirmedAvailableAt).toBe('2026-11-29T10:00:00.000Z');
    expect(await sweepAt(37)).toEqual({ reminded: 0, expired: 0 });
    expect(await sweepAt(38)).toEqual({ reminded: 1, expired: 0 });
    expect(await sweepAt(38.5)).toEqual({ reminded: 0, expired: 0 });
    const [reminder] = await notices();
    expect(reminder).toMatchObject({ subject: 'Is "Two rooms near Hohoe market" still available?' });
    expect(reminder!.text).toContain('before 13 January 2027');
    expect(reminder!.text).toContain('/host-dashboard?confirm=');
    expect((await property()).expiresAt).toBe('2027-01-13T10:00:00.000Z');
    expect(await inSearch()).toBe(true);

    expect(await sweepAt(44.9)).toEqual({ reminded: 0, expired: 0 });
    expect(await sweepAt(45)).toEqual({ reminded: 0, expired: 1 });
    expect(await inSearch()).toBe(false);
    expect(await property()).toMatchObject({ downReason: 'expired', isActive: false, isVerified: true });
    expect((await notices())[0]).toMatchObject({ subject: '"Two rooms near Hohoe market" has left search' });

    // One tap, no new review: back in search, its 45 days started again.
    const back = await tap(host, 'relist');
    expect(back.status, await back.clone().text()).toBe(200);
    expect(((await back.json()) as { message: string }).message).toBe('Back on Efie: renters find it in search again.');
    expect(await inSearch()).toBe(true);
    expect(await property()).toMatchObject({
      downReason: null,
      isActive: true,
      confirmedAvailableAt: new Date(Date.parse('2026-11-29T10:00:00.000Z') + 45 * DAY).toISOString(),
      expiresAt: null,
    });
    expect(await sweepAt(50)).toEqual({ reminded: 0, expired: 0 });
  });

  it('starts the 45 days again when the host confirms, from the reminder or before it', async () => {
    const { host, tap, property, sweepAt } = await setup();
    await sweepAt(38);
    await sweepAt(40);
    const confirmed = await tap(host, 'confirm-available');
    expect(confirmed.status).toBe(200);
    expect(await property()).toMatchObject({ expiresAt: null });
    // 45 days after the approval: confirmed on day 40, so nothing happens until day 78's reminder.
    expect(await sweepAt(46)).toEqual({ reminded: 0, expired: 0 });
    expect(await sweepAt(78)).toEqual({ reminded: 1, expired: 0 });
  });

  it('takes a let listing out of search at once; changed while let, it comes back through the admins', async () => {
    const { host, admin, tap, inSearch, property } = await setup();
    expect((await tap(host, 'mark-let')).status).toBe(200);
    expect(await inSearch()).toBe(false);
    expect((await property()).downReason).toBe('let');
    const edited = await host.request(`/api/properties/${(await property()).id}`, {
      method: 'PUT',
      json: { title: 'Two rooms near Hohoe market, repainted' },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const back = await tap(host, 'relist');
    expect(((await back.json()) as { message: string }).message).toContain('checked again before renters see it');
    expect(await property()).toMatchObject({ isVerified: false, isActive: true, downReason: null });
    expect(await inSearch()).toBe(false);
    await approveListing(admin, (await property()).id);
    expect(await inSearch()).toBe(true);
  });

  it('lets only the owner tap, and refuses what does not apply', async () => {
    const { host, admin, renter, listing, tap } = await setup();
    await expectError(await tap(renter, 'confirm-available'), 403, 'not_owner');
    await expectError(await tap(admin, 'mark-let'), 403, 'not_owner');
    await expectError(await tap(host, 'relist'), 409, 'property_not_down');
    await expectError(
      await host.request('/api/properties/00000000-0000-4000-8000-000000000000/confirm-available', { method: 'POST' }),
      404,
      'property_not_found',
    );
    // Waiting for approval: not on Efie yet, and hidden from others.
    const pending = await createListing(host, { title: 'Waiting' });
    await expectError(
      await host.request(`/api/properties/${pending.id}/confirm-available`, { method: 'POST' }),
      409,
      'property_not_verified',
    );
    await expectError(
      await renter.request(`/api/properties/${pending.id}/mark-let`, { method: 'POST' }),
      404,
      'property_not_found',
    );
    void listing;
  });
});

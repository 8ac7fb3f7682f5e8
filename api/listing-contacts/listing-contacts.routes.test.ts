import { describe, expect, it } from 'vitest';
import { createProjectionSet } from '../../events/store/projections.ts';
import { listingContactsProjection } from '../../events/listing-contact/listing-contacts.projection.ts';
import { createAdmin, registerUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { approveListing, createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { ContactAnswer, ListingContactCounts, ListingContactEntry } from '../contract/contacts.schema.ts';

// Contacting a host by WhatsApp or a call (issue 33, docs/decisions/350): recorded, counted for the
// host by people, listed for the admins.

const database = useMigratedDatabase();

async function setup() {
  const { app, deps } = await createTestApp(database());
  const host = createClient(app);
  await registerUser(host, { firstName: 'Kofi', userType: 'owner', phone: '024 412 3456' });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  const renters = await Promise.all(
    [1, 2].map(async (n) => {
      const client = createClient(app);
      await registerUser(client, { firstName: `Renter${n}` });
      return client;
    }),
  );
  const listing = await createListing(host, { title: 'Flat by the "Circle" & market' });
  await approveListing(admin, listing.id);
  const contact = (client: typeof host, channel: string, id = listing.id) =>
    client.request(`/api/properties/${id}/contacts`, { method: 'POST', json: { channel } });
  return { deps, host, admin, renters, listing, contact };
}

describe('contacting a host by WhatsApp or a call', () => {
  it('answers the link to open, a WhatsApp message naming the listing, and records the contact', async () => {
    const { deps, renters, listing, contact } = await setup();
    const res = await contact(renters[0]!, 'whatsapp');
    expect(res.status, await res.clone().text()).toBe(201);
    const { href } = (await res.json()) as ContactAnswer;
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://wa.me/233244123456');
    expect(url.searchParams.get('text')).toBe(
      `Hello, I saw your listing "Flat by the "Circle" & market" on Efie (${deps.config.publicOrigin}/property/${listing.id}). Is it still available?`,
    );
    const call = (await (await contact(renters[0]!, 'call')).json()) as ContactAnswer;
    expect(call).toEqual({ channel: 'call', href: 'tel:+233244123456' });
  });

  it('counts people for the host, every contact for the admins, and keeps both through a rebuild', async () => {
    const { host, admin, renters, listing, contact } = await setup();
    for (const [client, channel] of [
      [renters[0]!, 'whatsapp'],
      [renters[0]!, 'call'],
      [renters[1]!, 'whatsapp'],
    ] as const)
      expect((await contact(client, channel)).status).toBe(201);
    const counts = async () =>
      (await (await host.request('/api/user/listing-contacts')).json()) as ListingContactCounts;
    expect(await counts()).toEqual({ [listing.id]: { people: 2, whatsapp: 2, call: 1 } });
    // Another host sees none of it.
    expect(await (await renters[0]!.request('/api/user/listing-contacts')).json()).toEqual({});
    const listed = async () =>
      (
        (await (await admin.request(`/api/admin/properties/${listing.id}/contacts`)).json()) as {
          contacts: ListingContactEntry[];
        }
      ).contacts;
    const before = await listed();
    expect(before.map((c) => [c.renterName, c.channel])).toEqual(
      expect.arrayContaining([
        ['Renter1 Mensah', 'whatsapp'],
        ['Renter1 Mensah', 'call'],
        ['Renter2 Mensah', 'whatsapp'],
      ]),
    );
    expect(before).toHaveLength(3);
    await database().query('delete from listing_contacts');
    expect(await counts()).toEqual({});
    await createProjectionSet([listingContactsProjection]).rebuild(database());
    expect(await counts()).toEqual({ [listing.id]: { people: 2, whatsapp: 2, call: 1 } });
    expect(await listed()).toEqual(before);
  });

  it('refuses the owner, a listing not live, a host without a phone and a bad channel, recording nothing', async () => {
    const { host, admin, renters, listing, contact } = await setup();
    await expectError(await contact(host, 'call'), 403, 'own_listing');
    const pending = await createListing(host, {});
    await expectError(await contact(renters[0]!, 'call', pending.id), 404, 'property_not_found');
    await expectError(await contact(renters[0]!, 'pigeon'), 400, 'invalid_input');
    await expectError(await renters[0]!.request(`/api/admin/properties/${listing.id}/contacts`), 403, 'forbidden');
    const emailOnly = createClient((await createTestApp(database())).app);
    await registerUser(emailOnly, { firstName: 'Ama', userType: 'owner' });
    const noPhone = await createListing(emailOnly, {});
    await approveListing(admin, noPhone.id);
    await expectError(await contact(renters[0]!, 'whatsapp', noPhone.id), 409, 'no_phone');
    const [row] = await database().query<{ n: number }>('select count(*)::int as n from listing_contacts');
    expect(row?.n).toBe(0);
  });
});

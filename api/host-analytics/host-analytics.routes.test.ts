import { describe, expect, it } from 'vitest';
import { newVisitorId, trackOk } from '../../testing/analytics.ts';
import { createAdmin, registerUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { approveListing, createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { MessageSent } from '../contract/conversations.schema.ts';
import type { ListingAnalytics, ListingHostResponse } from '../contract/listing-analytics.schema.ts';

// What hosts learn from their listings (issue 34, docs/decisions/390): views, visitors, conversations
// and contacts per listing and window, the response rate and median reply time, and the listing
// page's response time from 3 conversations, through HTTP.

const database = useMigratedDatabase();
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Client = ReturnType<typeof createClient>;

async function setup() {
  let now = new Date('2026-11-29T10:00:00.000Z');
  const { app, deps } = await createTestApp(database(), { clock: () => now });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  const host = createClient(app);
  const hostAccount = await registerUser(host, { firstName: 'Kofi', userType: 'owner', phone: '024 412 3456' });
  const otherHost = createClient(app);
  await registerUser(otherHost, { firstName: 'Akosua', userType: 'owner', phone: '024 412 9999' });
  const flat = await createListing(host, { title: 'Flat near Hohoe market' });
  const room = await createListing(host, { title: 'Room in Dambai' });
  const elsewhere = await createListing(otherHost, { title: 'House in Ho' });
  for (const listing of [flat, room, elsewhere]) await approveListing(admin, listing.id);
  let renters = 0;
  const newRenter = async () => {
    const client = createClient(app);
    await registerUser(client, { firstName: `Renter${++renters}` });
    return client;
  };
  const start = async (client: Client, listingId: string) => {
    const res = await client.request(`/api/properties/${listingId}/conversations`, {
      method: 'POST',
      json: { text: 'Is it still available?' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as MessageSent).conversationId;
  };
  const reply = async (client: Client, conversationId: string) => {
    const res = await client.request(`/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      json: { text: 'Yes, come and see it.' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  };
  const analytics = async (client: Client, days?: number) => {
    const res = await client.request(`/api/user/listing-analytics${days === undefined ? '' : `?days=${days}`}`);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return JSON.parse(text) as ListingAnalytics;
  };
  const hostResponse = async (listingId: string) => {
    const res = await createClient(app).request(`/api/properties/${listingId}/host-response`);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return JSON.parse(text) as ListingHostResponse;
  };
  return {
    app,
    deps,
    admin,
    host,
    hostAccount,
    otherHost,
    flat,
    room,
    elsewhere,
    newRenter,
    start,
    reply,
    analytics,
    hostResponse,
    now: () => now,
    setNow: (at: Date) => {
      now = at;
    },
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

describe('GET /api/user/listing-analytics', () => {
  it('counts views and visitors of each listing page per window, query strings aside, the host’s own views left out', async () => {
    const { app, deps, host, flat, room, elsewhere, analytics, setNow } = await setup();
    const today = new Date('2026-11-29T10:00:00.000Z');
    const [ama, yaw, esi] = [newVisitorId(), newVisitorId(), newVisitorId()];
    const view = async (at: Date, visitorId: string, pageUrl: string, client = createClient(app)) => {
      setNow(at);
      await trackOk(client, { visitorId, pageUrl }, { from: '154.160.0.1' });
      await deps.pageViews.flush();
    };
    // 40 days ago (in 90 only), 10 days ago (in 30 and 90), today (in all three).
    await view(new Date(today.getTime() - 40 * DAY), esi, `/property/${flat.id}`);
    await view(new Date(today.getTime() - 10 * DAY), yaw, `/property/${room.id}?utm_source=whatsapp`);
    await view(today, ama, `/property/${flat.id}`);
    await view(today, ama, `/property/${flat.id}?from=search#photos`);
    await view(today, ama, `/property/${room.id}`);
    await view(today, yaw, `/property/${flat.id.toUpperCase()}`);
    // Not the host's listing, not a listing page, and the host looking at their own listing.
    await view(today, esi, `/property/${elsewhere.id}`);
    await view(today, esi, '/search?location=Hohoe');
    await view(today, newVisitorId(), `/property/${flat.id}`, host);

    const week = await analytics(host, 7);
    expect(week).toMatchObject({ days: 7, from: '2026-11-23', to: '2026-11-29' });
    const byTitle = (answer: ListingAnalytics) =>
      Object.fromEntries(answer.listings.map((l) => [l.title, [l.views, l.visitors]]));
    expect(byTitle(week)).toEqual({ 'Flat near Hohoe market': [3, 2], 'Room in Dambai': [1, 1] });
    // Ama saw both listings: one visitor of all of them.
    expect(week.totals).toMatchObject({ views: 4, visitors: 2 });

    const month = await analytics(host);
    expect(month.days).toBe(30);
    expect(byTitle(month)).toEqual({ 'Flat near Hohoe market': [3, 2], 'Room in Dambai': [2, 2] });
    expect(month.totals).toMatchObject({ views: 5, visitors: 2 });

    const quarter = await analytics(host, 90);
    expect(byTitle(quarter)).toEqual({ 'Flat near Hohoe market': [4, 3], 'Room in Dambai': [2, 2] });
    expect(quarter.totals).toMatchObject({ views: 6, visitors: 3 });
  });

  it('counts conversations and contacts per listing, never another host’s, nor a renter’s own threads as a host’s', async () => {
    const { app, host, otherHost, flat, room, elsewhere, newRenter, start, analytics, advance } = await setup();
    const [esi, yaw] = [await newRenter(), await newRenter()];
    await start(esi, flat.id);
    await start(yaw, flat.id);
    await start(esi, room.id);
    await start(esi, elsewhere.id);
    // The host writing to another host as a renter would: that thread is the other host's.
    await start(host, elsewhere.id);
    const contact = (client: Client, id: string, channel: string) =>
      client.request(`/api/properties/${id}/contacts`, { method: 'POST', json: { channel } });
    for (const [client, id, channel] of [
      [esi, flat.id, 'whatsapp'],
      [esi, flat.id, 'call'],
      [yaw, flat.id, 'whatsapp'],
      [yaw, elsewhere.id, 'whatsapp'],
    ] as const)
      expect((await contact(client, id, channel)).status).toBe(201);

    const answer = await analytics(host);
    expect(
      Object.fromEntries(
        answer.listings.map((l) => [l.title, { conversations: l.conversations, contacts: l.contacts }]),
      ),
    ).toEqual({
      'Flat near Hohoe market': { conversations: 2, contacts: { whatsapp: 2, call: 1 } },
      'Room in Dambai': { conversations: 1, contacts: { whatsapp: 0, call: 0 } },
    });
    expect(answer.totals).toMatchObject({ conversations: 3, contacts: { whatsapp: 2, call: 1 } });
    expect(answer.response).toMatchObject({ started: 0 }); // all younger than a day and unanswered

    const theirs = await analytics(otherHost);
    expect(theirs.listings).toEqual([
      {
        listingId: elsewhere.id,
        title: 'House in Ho',
        views: 0,
        visitors: 0,
        conversations: 2,
        contacts: { whatsapp: 1, call: 0 },
      },
    ]);
    // A renter has no listings, and the threads they started are nobody's answers of theirs.
    const renterView = await analytics(esi);
    expect(renterView).toMatchObject({
      listings: [],
      totals: { views: 0, visitors: 0, conversations: 0, contacts: { whatsapp: 0, call: 0 } },
      response: { started: 0, answered: 0, responseRate: null, medianReplyMinutes: null },
    });
    // A week later the threads have left the 7-day window, not the 30-day one.
    advance(8 * DAY);
    expect((await analytics(host, 7)).totals.conversations).toBe(0);
    expect((await analytics(host, 30)).totals.conversations).toBe(3);
    void app;
  });

  it('leaves out deleted listings', async () => {
    const { host, room, analytics } = await setup();
    expect((await host.request(`/api/properties/${room.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await analytics(host)).listings.map((l) => l.title)).toEqual(['Flat near Hohoe market']);
  });

  it('answers 401 signed out and 400 to another window', async () => {
    const { app, host } = await setup();
    await expectError(await createClient(app).request('/api/user/listing-analytics'), 401, 'unauthorized');
    await expectError(await host.request('/api/user/listing-analytics?days=14'), 400, 'invalid_input');
  });
});

describe('the response rate and the median time to the first reply', () => {
  it('over the last 30 days: 4 threads, 3 answered after 10, 30 and 50 minutes, are 75% and 30 minutes', async () => {
    const { host, flat, room, newRenter, start, reply, analytics, hostResponse, advance } = await setup();
    const renters = [await newRenter(), await newRenter(), await newRenter(), await newRenter()];
    const threads: string[] = [];
    for (const [n, renter] of renters.entries()) threads.push(await start(renter, n % 2 ? room.id : flat.id));
    advance(10 * MINUTE);
    await reply(host, threads[0]!);
    advance(20 * MINUTE);
    await reply(host, threads[1]!);
    advance(20 * MINUTE);
    await reply(host, threads[2]!);
    // A second reply changes nothing: the first one counts.
    advance(HOUR);
    await reply(host, threads[0]!);

    // Under a day old, the unanswered thread is not counted yet: the host still has time.
    expect((await analytics(host)).response).toEqual({
      started: 3,
      answered: 3,
      responseRate: 1,
      medianReplyMinutes: 30,
    });
    advance(DAY);
    const expected = { started: 4, answered: 3, responseRate: 0.75, medianReplyMinutes: 30 };
    expect((await analytics(host)).response).toEqual(expected);
    // The rate looks back 30 days whatever window the dashboard shows.
    expect((await analytics(host, 7)).response).toEqual(expected);
    expect(await hostResponse(flat.id)).toEqual({
      shown: true,
      conversations: 4,
      responseRate: 0.75,
      medianReplyMinutes: 30,
    });
    // 31 days on, the threads are out of the window (asked on the listing page: the host's session has expired).
    advance(30 * DAY);
    expect(await hostResponse(flat.id)).toEqual({
      shown: false,
      conversations: 0,
      responseRate: null,
      medianReplyMinutes: null,
    });
  });
});

describe('GET /api/properties/{id}/host-response', () => {
  it('shows the host’s response time from 3 conversations, counted over all their listings', async () => {
    const { host, flat, room, newRenter, start, reply, hostResponse, advance } = await setup();
    expect(await hostResponse(flat.id)).toEqual({
      shown: false,
      conversations: 0,
      responseRate: null,
      medianReplyMinutes: null,
    });
    const threads = [await start(await newRenter(), flat.id), await start(await newRenter(), room.id)];
    advance(2 * HOUR);
    for (const id of threads) await reply(host, id);
    expect(await hostResponse(flat.id)).toEqual({
      shown: false,
      conversations: 2,
      responseRate: null,
      medianReplyMinutes: null,
    });
    const third = await start(await newRenter(), room.id);
    advance(4 * HOUR);
    await reply(host, third);
    const shown = { shown: true, conversations: 3, responseRate: 1, medianReplyMinutes: 120 };
    expect(await hostResponse(flat.id)).toEqual(shown);
    expect(await hostResponse(room.id)).toEqual(shown);
  });

  it('answers 404 for a listing that is not live, a made-up id and a deleted listing', async () => {
    const { app, host, flat } = await setup();
    const pending = await createListing(host, { title: 'Waiting for approval' });
    for (const id of [pending.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      await expectError(
        await createClient(app).request(`/api/properties/${id}/host-response`),
        404,
        'property_not_found',
      );
      // Not even its owner: the line is for the listing page, which shows live listings.
      await expectError(await host.request(`/api/properties/${id}/host-response`), 404, 'property_not_found');
    }
    expect((await host.request(`/api/properties/${flat.id}`, { method: 'DELETE' })).status).toBe(200);
    await expectError(
      await createClient(app).request(`/api/properties/${flat.id}/host-response`),
      404,
      'property_not_found',
    );
  });
});

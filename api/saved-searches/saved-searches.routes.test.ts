import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSubscriptionBatch } from '../../events/store/subscriptions.ts';
import { createAdmin, readOutbox, registerUser } from '../../testing/accounts.ts';
import { startPushService } from '../../testing/push-service.ts';
import { expectError } from '../../testing/errors.ts';
import { approveListing, createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { SavedSearchesAnswer } from '../contract/saved-searches.schema.ts';
import { silentLogger } from '../logger.ts';
import { drainOutbox } from '../outbox/outbox.worker.ts';
import { createMessageSender } from '../runtime.ts';
import { searchAlertsSubscription } from './search-alerts.ts';

// Saved searches with alerts (issue 33, docs/decisions/370): a listing that matches when an admin
// approves it is sent to the renter, at most once a day per search, by web push (checked against a
// local push service that decrypts the payload) or else by e-mail; one tap on the link unsubscribes.

const database = useMigratedDatabase();

async function setup(options: { push?: { origin: string } } = {}) {
  let now = new Date('2026-11-29T09:00:00.000Z');
  const clock = () => now;
  const keys = webpush.generateVAPIDKeys();
  const config = options.push
    ? {
        push: { ...keys, subject: 'mailto:alerts@efie.example' },
        pushExtraOrigins: [options.push.origin],
      }
    : {};
  const { app, deps } = await createTestApp(database(), { clock, config });
  const renter = createClient(app);
  const { email } = await registerUser(renter, { firstName: 'Abena' });
  const host = createClient(app);
  await registerUser(host, { firstName: 'Kwame', userType: 'owner' });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  const alerts = searchAlertsSubscription(deps);
  /** An admin approves a new listing of the host's, and the alerts' subscription runs. */
  const goesLive = async (overrides: Parameters<typeof createListing>[1]) => {
    const listing = await createListing(host, overrides);
    await approveListing(admin, listing.id);
    while ((await runSubscriptionBatch(deps.db, alerts)).handled > 0);
    return listing;
  };
  const alertMails = async () =>
    (await readOutbox(app, email!)).filter((m) => m.subject?.startsWith('A new home for your search'));
  return {
    app,
    deps,
    renter,
    host,
    keys,
    goesLive,
    alertMails,
    later: (hours: number) => {
      now = new Date(now.getTime() + hours * 3_600_000);
    },
  };
}

const save = (client: ReturnType<typeof createClient>, json: object) =>
  client.request('/api/user/saved-searches', { method: 'POST', json });

const eventCount = async () => (await database().query<{ n: number }>('select count(*)::int8 as n from events'))[0]!.n;

describe('saving searches', () => {
  it('saves the search page’s filters under a name, lists them, and deletes only one’s own', async () => {
    const { renter, host, later } = await setup();
    const res = await save(renter, { filters: { location: 'Hohoe', maxAdvanceRent: '6', page: undefined } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { savedSearch } = (await res.json()) as { savedSearch: { id: string; name: string } };
    expect(savedSearch.name).toBe('Hohoe');
    later(1);
    expect(
      (await save(renter, { name: 'Cheap in Accra', filters: { location: 'Accra', maxPrice: '1500' } })).status,
    ).toBe(201);
    const list = (await (await renter.request('/api/user/saved-searches')).json()) as SavedSearchesAnswer;
    expect(list.savedSearches.map((s) => s.name)).toEqual(['Cheap in Accra', 'Hohoe']);
    expect(list.savedSearches[1]!.filters).toEqual({ location: 'Hohoe', maxAdvanceRent: '6' });

    await expectError(
      await host.request(`/api/user/saved-searches/${savedSearch.id}`, { method: 'DELETE' }),
      404,
      'saved_search_not_found',
    );
    expect((await renter.request(`/api/user/saved-searches/${savedSearch.id}`, { method: 'DELETE' })).status).toBe(200);
    const after = (await (await renter.request('/api/user/saved-searches')).json()) as SavedSearchesAnswer;
    expect(after.savedSearches.map((s) => s.name)).toEqual(['Cheap in Accra']);
  });

  it('saves once when the phone sends the same save again with its Idempotency-Key (the outbox after a lost answer)', async () => {
    const { renter } = await setup();
    const send = () =>
      renter.request('/api/user/saved-searches', {
        method: 'POST',
        json: { filters: { location: 'Ho' } },
        headers: { 'idempotency-key': 'alert-ho-1' },
      });
    const first = await send();
    expect(first.status, await first.clone().text()).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    const ids = [first, again].map(
      async (res) => ((await res.json()) as { savedSearch: { id: string } }).savedSearch.id,
    );
    const [a, b] = await Promise.all(ids);
    expect(b).toBe(a);
    const list = (await (await renter.request('/api/user/saved-searches')).json()) as SavedSearchesAnswer;
    expect(list.savedSearches.map((search) => search.id)).toEqual([a]);
  });

  it('refuses filters that make no search, unknown filters, and a 21st search, changing nothing', async () => {
    const { app, renter } = await setup();
    const before = await eventCount();
    await expectError(await save(renter, { filters: { bedrooms: 'two' } }), 400, 'invalid_input');
    await expectError(await save(renter, { filters: { minPrice: '900', maxPrice: '100' } }), 400, 'invalid_input');
    await expectError(await save(renter, { filters: { sort: 'newest' } }), 400, 'invalid_input');
    await expectError(await save(renter, { filters: 'Hohoe' }), 400, 'invalid_input');
    await expectError(await save(renter, { name: 'x'.repeat(81), filters: {} }), 400, 'invalid_input');
    await expectError(await createClient(app).request('/api/user/saved-searches'), 401, 'unauthorized');
    expect(await eventCount()).toBe(before);
    for (let n = 0; n < 20; n++) expect((await save(renter, { filters: { bedrooms: String(n) } })).status).toBe(201);
    const refused = await expectError(await save(renter, { filters: {} }), 409, 'too_many_saved_searches');
    expect(refused.error).toContain('You can keep 20 saved searches');
  });
});

describe('alerts', () => {
  it('e-mails a matching listing once it is approved, at most once a day, and stops after one tap on the link', async () => {
    const { app, renter, goesLive, alertMails, later } = await setup();
    expect((await save(renter, { filters: { location: 'Hohoe', maxAdvanceRent: '6' } })).status).toBe(201);

    // Elsewhere, or asking a year up front: no alert.
    await goesLive({ title: 'Flat in Kumasi', city: 'Kumasi', advanceRentMonths: 3 });
    await goesLive({ title: 'House in Hohoe, a year up front', city: 'Hohoe', advanceRentMonths: 12 });
    expect(await alertMails()).toEqual([]);

    const first = await goesLive({ title: 'Chamber and hall in Hohoe', city: 'Hohoe', advanceRentMonths: 3 });
    const [mail] = await alertMails();
    expect(mail?.text).toContain('Chamber and hall in Hohoe · Hohoe · GH₵2,500');
    expect(mail?.text).toContain(`/property/${first.id}`);
    expect(mail?.text).toContain('Never pay a viewing fee');

    // The same day: no second alert.
    later(23);
    await goesLive({ title: 'Second Hohoe flat', city: 'Hohoe', advanceRentMonths: 6 });
    expect(await alertMails()).toHaveLength(1);
    later(1);
    await goesLive({ title: 'Third Hohoe flat', city: 'Hohoe', advanceRentMonths: 0 });
    expect((await alertMails()).map((m) => m.text.split('\n')[2])).toEqual([
      expect.stringContaining('Third Hohoe flat'),
      expect.stringContaining('Chamber and hall in Hohoe'),
    ]);

    const link = /To stop them: (\S+)/.exec(mail!.text)![1]!;
    const path = new URL(link).pathname + new URL(link).search;
    await expectError(await app.request(path.replace(/token=.{4}/, 'token=AAAA')), 404, 'saved_search_not_found');
    const stopped = await app.request(path);
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain('You will get no more alerts for your saved search “Hohoe”.');
    // Tapped twice: still fine.
    expect((await app.request(path)).status).toBe(200);
    later(48);
    await goesLive({ title: 'Fourth Hohoe flat', city: 'Hohoe', advanceRentMonths: 1 });
    expect(await alertMails()).toHaveLength(2);
    const list = (await (await renter.request('/api/user/saved-searches')).json()) as SavedSearchesAnswer;
    expect(list.savedSearches).toEqual([]);
  });

  it('never alerts a host about their own listing', async () => {
    const { host, goesLive, deps } = await setup();
    expect((await save(host, { filters: { location: 'Aflao' } })).status).toBe(201);
    await goesLive({ title: 'Store in Aflao', city: 'Aflao' });
    const [{ n }] = (await deps.db.query<{ n: number }>(
      "select count(*)::int as n from events where type = 'SearchAlertSent'",
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe('web push alerts', () => {
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    pushService = await startPushService();
  });
  afterAll(() => pushService?.stop());

  it('sends a matching listing to the renter’s browser, encrypted for it, and the push service shows the listing', async () => {
    const { deps, renter, keys, goesLive, alertMails, later } = await setup({ push: { origin: pushService.origin } });
    const subscription = await pushService.subscribe(keys.publicKey);
    const key = (await (await renter.request('/api/push/public-key')).json()) as { publicKey: string };
    expect(key.publicKey).toBe(keys.publicKey);
    const put = await renter.request('/api/user/push-subscriptions', {
      method: 'PUT',
      json: { endpoint: subscription.endpoint, keys: subscription.keys },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    // Any other push service is refused: the server would post to it.
    await expectError(
      await renter.request('/api/user/push-subscriptions', {
        method: 'PUT',
        json: { endpoint: 'http://127.0.0.1:5432/', keys: subscription.keys },
      }),
      400,
      'push_endpoint_not_allowed',
    );

    expect((await save(renter, { filters: { location: 'Dambai' } })).status).toBe(201);
    const listing = await goesLive({ title: 'New flat in Dambai', city: 'Dambai', region: 'Oti' });
    expect(await alertMails()).toEqual([]);
    const { sender } = createMessageSender(deps.config, silentLogger, deps.db);
    // As the outbox's worker does: a refusal it may try again is retried after a pause (the test's clock moves).
    const pushRows = () =>
      deps.db.query<{ sent_at: Date | null; failure: string | null; last_error: string | null }>(
        "select sent_at, failure, last_error from outbox_messages where channel = 'push' order by created_at",
      );
    for (let attempt = 0; attempt < 5; attempt++) {
      await drainOutbox(deps.db, sender, deps.clock);
      const rows = await pushRows();
      if (rows.length > 0 && rows.every((row) => row.sent_at !== null || row.failure !== null)) break;
      later(1);
    }
    const rows = await pushRows();
    expect(
      rows.map((row) => row.sent_at !== null),
      JSON.stringify(rows),
    ).toEqual([true]);

    const received = await pushService.received(subscription.clientHash);
    expect(received.map((m) => JSON.parse(m))).toEqual([
      {
        title: 'New on Efie: Dambai',
        body: 'New flat in Dambai · Dambai · GH₵2,500',
        url: `/property/${listing.id}`,
        tag: expect.stringMatching(/^saved-search-/),
      },
    ]);
    const [sent] = await deps.db.query<{ sent_at: Date | null }>(
      "select sent_at from outbox_messages where channel = 'push'",
    );
    expect(sent?.sent_at).not.toBeNull();

    // The browser unsubscribed at the push service: the next alert removes the subscription and fails for good.
    pushService.expire(subscription.clientHash);
    later(24);
    await goesLive({ title: 'Second flat in Dambai', city: 'Dambai', region: 'Oti' });
    await drainOutbox(deps.db, sender, deps.clock);
    expect(await deps.db.query('select endpoint from push_subscriptions')).toEqual([]);
    const failed = await deps.db.query<{ failure: string }>(
      "select failure from outbox_messages where channel = 'push' and failed_at is not null",
    );
    expect(failed).toEqual([{ failure: 'refused' }]);
  });
});

import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createProjectionSet } from '../../events/store/projections.ts';
import { conversationsProjection } from '../../events/conversation/conversations.projection.ts';
import { createAdmin, readOutbox, registerUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { approveListing, createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type {
  ConversationReportQueuePage,
  ConversationThread,
  Inbox,
  MessageSent,
  ReportedConversationThread,
  UnreadCount,
} from '../contract/conversations.schema.ts';
import { THREAD_MESSAGES_MAX } from './conversations.read.ts';
import { STARTS_PER_DAY, startLimit } from './conversations.routes.ts';

// Conversations between renters and hosts (issue 34, docs/decisions/380): who may write, unread
// counts, the notices, blocking and the new accounts' daily limit, through HTTP.

const database = useMigratedDatabase();
const HOUR = 60 * 60 * 1000;

async function setup({ push = false } = {}) {
  let now = new Date('2026-11-29T10:00:00.000Z');
  const clock = () => now;
  const config = push ? { push: { ...webpush.generateVAPIDKeys(), subject: 'mailto:team@efie.example' } } : {};
  const { app, deps } = await createTestApp(database(), { clock, config });
  const host = createClient(app);
  const hostAccount = await registerUser(host, { firstName: 'Kofi', userType: 'owner' });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  const renter = createClient(app);
  const renterAccount = await registerUser(renter, { firstName: 'Esi' });
  const stranger = createClient(app);
  await registerUser(stranger, { firstName: 'Yaw' });
  const listing = await createListing(host, { title: 'Two rooms near Hohoe market' });
  await approveListing(admin, listing.id);
  const start = (client: typeof host, text: string, id = listing.id, headers: Record<string, string> = {}) =>
    client.request(`/api/properties/${id}/conversations`, { method: 'POST', json: { text }, headers });
  const write = (client: typeof host, conversationId: string, text: string) =>
    client.request(`/api/conversations/${conversationId}/messages`, { method: 'POST', json: { text } });
  const inbox = async (client: typeof host) => (await (await client.request('/api/conversations')).json()) as Inbox;
  const unread = async (client: typeof host) =>
    ((await (await client.request('/api/conversations/unread')).json()) as UnreadCount).unread;
  return {
    app,
    deps,
    host,
    hostAccount,
    admin,
    renter,
    renterAccount,
    stranger,
    listing,
    start,
    write,
    inbox,
    unread,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

describe('conversations', () => {
  it('carries messages both ways with unread counts, tells the other side once an hour, and survives a rebuild', async () => {
    const { app, host, hostAccount, renter, renterAccount, listing, start, write, inbox, unread, advance } =
      await setup();
    const res = await start(renter, '  Is it still available?  ');
    expect(res.status, await res.clone().text()).toBe(201);
    const { conversationId, message } = (await res.json()) as MessageSent;
    expect(message).toMatchObject({ seq: 1, fromMe: true, text: 'Is it still available?' });

    expect(await unread(host)).toBe(1);
    expect(await unread(renter)).toBe(0);
    const hostInbox = await inbox(host);
    expect(hostInbox).toMatchObject({ total: 1, unread: 1, page: 1 });
    expect(hostInbox.conversations[0]).toMatchObject({
      id: conversationId,
      role: 'host',
      listing: { id: listing.id, title: 'Two rooms near Hohoe market' },
      otherParty: { name: 'Esi' },
      lastMessage: { text: 'Is it still available?', fromMe: false },
      unread: 1,
      blocked: 'none',
    });
    const notices = async (to: string) =>
      (await readOutbox(app, to)).filter((m) => m.subject === 'New message about Two rooms near Hohoe market');
    const told = await notices(hostAccount.email!);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`/messages/${conversationId}`);
    expect(told[0]!.text).toContain('"Is it still available?"');

    // The host opens the thread: read. Then answers.
    const thread = (await (await host.request(`/api/conversations/${conversationId}`)).json()) as ConversationThread;
    expect(thread.messages.map((m) => [m.seq, m.fromMe, m.text])).toEqual([[1, false, 'Is it still available?']]);
    expect(await (await host.request(`/api/conversations/${conversationId}/read`, { method: 'POST' })).json()).toEqual({
      unread: 0,
    });
    expect((await write(host, conversationId, 'Yes. Come on Saturday at 10.')).status).toBe(201);
    expect(await unread(renter)).toBe(1);
    expect((await inbox(renter)).conversations[0]).toMatchObject({
      role: 'renter',
      otherParty: { name: 'Kofi' },
      lastMessage: { text: 'Yes. Come on Saturday at 10.', fromMe: false },
      unread: 1,
    });
    const renterTold = await notices(renterAccount.email!);
    expect(renterTold[0]!.text).toContain('never pay a viewing fee');

    // A second message within the hour tells nobody again; after the hour it does.
    expect((await write(renter, conversationId, 'Thank you, I will come.')).status).toBe(201);
    expect(await notices(hostAccount.email!)).toHaveLength(1);
    advance(HOUR + 1000);
    expect((await write(renter, conversationId, 'I am at the gate.')).status).toBe(201);
    expect(await notices(hostAccount.email!)).toHaveLength(2);
    expect(await unread(host)).toBe(2);

    // Starting again from the listing writes into the same thread.
    const again = (await (await start(renter, 'One more question')).json()) as MessageSent;
    expect(again).toMatchObject({ conversationId, message: { seq: 5 } });
    expect((await inbox(renter)).total).toBe(1);

    const before = { host: await inbox(host), renter: await inbox(renter) };
    await database().query('delete from conversations');
    await database().query('delete from conversation_messages');
    await createProjectionSet([conversationsProjection]).rebuild(database());
    expect({ host: await inbox(host), renter: await inbox(renter) }).toEqual(before);
  });

  it('shows a thread only to its two people, and refuses what is not theirs to do', async () => {
    const { app, host, admin, renter, stranger, listing, start, write } = await setup();
    const { conversationId } = (await (await start(renter, 'Hello')).json()) as MessageSent;
    for (const client of [stranger, admin]) {
      await expectError(await client.request(`/api/conversations/${conversationId}`), 404, 'conversation_not_found');
      await expectError(await write(client, conversationId, 'Hi'), 404, 'conversation_not_found');
      await expectError(
        await client.request(`/api/conversations/${conversationId}/read`, { method: 'POST' }),
        404,
        'conversation_not_found',
      );
      await expectError(
        await client.request(`/api/conversations/${conversationId}/block`, { method: 'PUT' }),
        404,
        'conversation_not_found',
      );
    }
    await expectError(await start(host, 'Writing to myself'), 403, 'own_listing');
    await expectError(await host.request('/api/conversations/not-a-uuid'), 404, 'conversation_not_found');
    await expectError(await start(renter, 'Hi', '00000000-0000-4000-8000-000000000000'), 404, 'property_not_found');
    for (const text of ['   ', 'x'.repeat(2001)]) {
      const refused = await expectError(await start(renter, text), 400, 'invalid_input');
      expect(refused.issues?.map((issue) => issue.path)).toEqual(['text']);
    }
    const visitor = createClient(app);
    await expectError(await start(visitor, 'Hello'), 401, 'unauthorized');
    await expectError(await visitor.request('/api/conversations'), 401, 'unauthorized');

    // A hidden listing takes no new thread.
    const hidden = await admin.request(`/api/admin/properties/${listing.id}/visibility`, {
      method: 'PATCH',
      json: { isActive: false },
    });
    expect(hidden.status).toBe(200);
    await expectError(await start(stranger, 'Is it available?'), 404, 'property_not_found');
  });

  it('takes a message retried with the same Idempotency-Key once', async () => {
    const { deps, host, renter, start, unread } = await setup();
    const headers = { 'Idempotency-Key': 'offline-message-1' };
    const first = (await (await start(renter, 'Sent from the bus', undefined, headers)).json()) as MessageSent;
    const second = (await (await start(renter, 'Sent from the bus', undefined, headers)).json()) as MessageSent;
    expect(second).toEqual(first);
    expect(await unread(host)).toBe(1);
    const [row] = await deps.db.query<{ n: number }>(
      `select count(*)::int as n from events where type = 'ConversationMessageSent'`,
    );
    expect(row?.n).toBe(1);
  });

  it('stops both sides once one blocks, until the same side unblocks', async () => {
    const { host, renter, start, write, inbox } = await setup();
    const { conversationId } = (await (await start(renter, 'Hello')).json()) as MessageSent;
    expect((await host.request(`/api/conversations/${conversationId}/block`, { method: 'PUT' })).status).toBe(200);
    expect((await inbox(host)).conversations[0]!.blocked).toBe('by_me');
    expect((await inbox(renter)).conversations[0]!.blocked).toBe('by_them');
    await expectError(await write(renter, conversationId, 'Why?'), 403, 'conversation_blocked');
    await expectError(await start(renter, 'Hello again'), 403, 'conversation_blocked');
    await expectError(await write(host, conversationId, 'Bye'), 403, 'conversation_blocked');
    await expectError(
      await renter.request(`/api/conversations/${conversationId}/block`, { method: 'DELETE' }),
      403,
      'not_your_block',
    );
    expect((await host.request(`/api/conversations/${conversationId}/block`, { method: 'DELETE' })).status).toBe(200);
    expect((await write(renter, conversationId, 'Thanks')).status).toBe(201);
  });

  it('lets a new account start three conversations a day, and an older one twenty', async () => {
    const { host, admin, renter, start, write, advance } = await setup();
    const listings = [];
    for (let n = 0; n < 5; n++) {
      const listing = await createListing(host, { title: `Flat ${n}` });
      await approveListing(admin, listing.id);
      listings.push(listing);
    }
    const started: string[] = [];
    for (const listing of listings.slice(0, 3)) {
      const res = await start(renter, 'Hello', listing.id);
      expect(res.status).toBe(201);
      started.push(((await res.json()) as MessageSent).conversationId);
    }
    const refused = await start(renter, 'Hello', listings[3]!.id);
    await expectError(refused, 429, 'too_many_conversations');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Writing in the threads one has is not limited.
    expect((await write(renter, started[0]!, 'Still there?')).status).toBe(201);
    // A week on, the account is no longer new: more than three a day.
    advance(8 * 24 * HOUR);
    for (const listing of listings) expect((await start(renter, 'Hello again', listing.id)).status).toBe(201);
    const week = new Date('2026-11-29T10:00:00.000Z');
    expect(startLimit({ id: 'u', createdAt: week.toISOString() }, new Date(week.getTime() + 8 * 24 * HOUR)).max).toBe(
      STARTS_PER_DAY,
    );
  });

  describe('reports', () => {
    const report = (client: ReturnType<typeof createClient>, id: string, json: unknown = { reason: 'scam' }) =>
      client.request(`/api/conversations/${id}/report`, { method: 'POST', json });
    const resolve = (client: ReturnType<typeof createClient>, id: string, json: unknown) =>
      client.request(`/api/admin/conversation-reports/${id}/resolve`, { method: 'POST', json });
    const queue = async (client: ReturnType<typeof createClient>, status = 'open') =>
      (await (
        await client.request(`/api/admin/conversation-reports?status=${status}`)
      ).json()) as ConversationReportQueuePage;

    it('reports the other side to the admins and blocks the thread; the admins read it and suspend the reported host', async () => {
      const { app, host, hostAccount, admin, renter, renterAccount, stranger, listing, start, write, inbox } =
        await setup();
      const { conversationId } = (await (await start(renter, 'Is it still available?')).json()) as MessageSent;
      expect((await write(host, conversationId, 'Yes. Send 200 cedis viewing fee by MoMo first')).status).toBe(201);
      // Admins read no thread nobody reported.
      await expectError(
        await admin.request(`/api/admin/conversation-reports/${conversationId}`),
        404,
        'report_not_found',
      );

      for (const body of [{ reason: 'other' }, { reason: 'fraud' }, { reason: 'spam', note: 'x'.repeat(1001) }, []])
        await expectError(await report(renter, conversationId, body), 400, 'invalid_input');
      for (const client of [stranger, admin])
        await expectError(await report(client, conversationId), 404, 'conversation_not_found');
      expect(await queue(admin)).toMatchObject({ conversations: [], total: 0 });

      const res = await report(renter, conversationId, { reason: 'scam', note: '  Asked for a viewing fee  ' });
      expect(res.status, await res.clone().text()).toBe(201);
      expect(await res.json()).toMatchObject({ report: { reason: 'scam', status: 'open' } });
      await expectError(await report(renter, conversationId), 409, 'already_reported');
      expect((await inbox(renter)).conversations[0]).toMatchObject({ blocked: 'by_me', reportedByMe: true });
      expect((await inbox(host)).conversations[0]).toMatchObject({ blocked: 'by_them', reportedByMe: false });
      await expectError(await write(host, conversationId, 'Hello?'), 403, 'conversation_blocked');

      const open = await queue(admin);
      expect(open.total).toBe(1);
      expect(open.conversations[0]).toMatchObject({
        conversationId,
        listing: { id: listing.id, title: 'Two rooms near Hohoe market' },
        host: { id: hostAccount.user.id, name: 'Kofi', email: hostAccount.email },
        renter: { id: renterAccount.user.id, name: 'Esi', email: renterAccount.email },
        messageCount: 2,
        reports: [
          {
            reason: 'scam',
            note: 'Asked for a viewing fee',
            reporterId: renterAccount.user.id,
            reportedId: hostAccount.user.id,
            status: 'open',
          },
        ],
      });
      const read = (await (
        await admin.request(`/api/admin/conversation-reports/${conversationId}`)
      ).json()) as ReportedConversationThread;
      expect(read.messages.map((m) => [m.senderId, m.text])).toEqual([
        [renterAccount.user.id, 'Is it still available?'],
        [hostAccount.user.id, 'Yes. Send 200 cedis viewing fee by MoMo first'],
      ]);
      for (const client of [host, renter])
        await expectError(await client.request('/api/admin/conversation-reports'), 403, 'forbidden');

      const resolved = await resolve(admin, conversationId, { action: 'suspend', note: 'Viewing-fee scam' });
      expect(resolved.status, await resolved.clone().text()).toBe(200);
      await expectError(await resolve(admin, conversationId, { action: 'dismiss' }), 409, 'no_open_reports');
      // The host is suspended: signed out, their listing out of sight.
      await expectError(await host.request('/api/conversations'), 401, 'unauthorized');
      await expectError(await renter.request(`/api/properties/${listing.id}`), 404, 'property_not_found');
      expect(await queue(admin)).toMatchObject({ total: 0 });
      expect((await queue(admin, 'resolved')).conversations[0]!.reports[0]).toMatchObject({
        status: 'resolved',
        action: 'suspend',
        suspendedId: hostAccount.user.id,
        resolutionNote: 'Viewing-fee scam',
      });
      expect((await inbox(renter)).conversations[0]).toMatchObject({ blocked: 'by_me', reportedByMe: false });
      const told = (await readOutbox(app, renterAccount.email!)).filter(
        (m) => m.subject === 'About the conversation you reported',
      );
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toContain('Viewing-fee scam');
    });

    it('asks whom to suspend when both sides reported each other, and dismissing suspends nobody', async () => {
      const { host, admin, renter, renterAccount, stranger, start } = await setup();
      const { conversationId } = (await (await start(renter, 'Hello')).json()) as MessageSent;
      expect((await report(renter, conversationId, { reason: 'harassment' })).status).toBe(201);
      expect((await report(host, conversationId, { reason: 'spam' })).status).toBe(201);
      await expectError(await resolve(admin, conversationId, { action: 'suspend' }), 400, 'suspend_whom');
      await expectError(
        await resolve(admin, conversationId, { action: 'suspend', userId: 'not-a-uuid' }),
        400,
        'invalid_input',
      );
      await expectError(
        await resolve(admin, '00000000-0000-4000-8000-000000000000', { action: 'dismiss' }),
        404,
        'conversation_not_found',
      );
      expect((await resolve(admin, conversationId, { action: 'suspend', userId: renterAccount.user.id })).status).toBe(
        200,
      );
      await expectError(await renter.request('/api/conversations'), 401, 'unauthorized');
      expect((await host.request('/api/conversations')).status).toBe(200);

      // Dismissed: nobody is suspended.
      const other = (await (await start(stranger, 'Hello from Yaw')).json()) as MessageSent;
      expect((await report(host, other.conversationId, { reason: 'other', note: 'Keeps calling me' })).status).toBe(
        201,
      );
      expect((await resolve(admin, other.conversationId, { action: 'dismiss' })).status).toBe(200);
      expect((await stranger.request('/api/conversations')).status).toBe(200);
      expect((await host.request('/api/conversations')).status).toBe(200);
    });

    it('gives an admin a long reported thread as its participants see it: the newest THREAD_MESSAGES_MAX messages', async () => {
      const { host, hostAccount, admin, renter, start, write } = await setup();
      const { conversationId } = (await (await start(renter, 'Is it still available?')).json()) as MessageSent;
      expect((await write(host, conversationId, 'Yes')).status).toBe(201);
      // A long thread's messages as its read model holds them (500 more sent through the API would
      // take the test most of its time).
      await database().query(
        `insert into conversation_messages (id, conversation_id, seq, sender_id, text, sent_at)
         select gen_random_uuid(), $1, n, $2, 'Message ' || n, now() from generate_series(3, $3::int + 2) n`,
        [conversationId, hostAccount.user.id, THREAD_MESSAGES_MAX],
      );
      expect((await report(renter, conversationId, { reason: 'spam' })).status).toBe(201);
      const seen = (await (await renter.request(`/api/conversations/${conversationId}`)).json()) as ConversationThread;
      const read = (await (
        await admin.request(`/api/admin/conversation-reports/${conversationId}`)
      ).json()) as ReportedConversationThread;
      expect(read.messages).toHaveLength(THREAD_MESSAGES_MAX);
      expect(read.messages.map((m) => m.id)).toEqual(seen.messages.map((m) => m.id));
      expect(read.messages[0]).toMatchObject({ seq: 3, text: 'Message 3' });
      expect(read.messages.at(-1)).toMatchObject({ seq: THREAD_MESSAGES_MAX + 2 });
    });
  });

  it('pushes every message to the other side’s browsers when they let Efie show notifications, and e-mails only those without', async () => {
    const { deps, app, host, renter, renterAccount, start, write } = await setup({ push: true });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`;
    const subscribed = await host.request('/api/user/push-subscriptions', {
      method: 'PUT',
      json: {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      },
    });
    expect(subscribed.status, await subscribed.clone().text()).toBe(200);
    const { conversationId } = (await (await start(renter, 'Is it still available?')).json()) as MessageSent;
    expect((await write(renter, conversationId, 'I can come on Saturday.')).status).toBe(201);
    const pushes = await deps.db.query<{ recipient: string; body: string }>(
      "select recipient, body from outbox_messages where channel = 'push' order by body",
    );
    expect(pushes.map((row) => [row.recipient, JSON.parse(row.body)])).toEqual([
      [
        endpoint,
        {
          title: 'Esi on Efie',
          body: 'I can come on Saturday.',
          url: `/messages/${conversationId}`,
          tag: `conversation-${conversationId}`,
        },
      ],
      [
        endpoint,
        {
          title: 'Esi on Efie',
          body: 'Is it still available?',
          url: `/messages/${conversationId}`,
          tag: `conversation-${conversationId}`,
        },
      ],
    ]);
    // The host is not e-mailed as well; the renter, with no browser subscribed, is.
    const mails = await deps.db.query(
      "select 1 from outbox_messages where channel <> 'push' and subject like 'New message about%'",
    );
    expect(mails).toEqual([]);
    expect((await write(host, conversationId, 'Yes, come at 10.')).status).toBe(201);
    const renterMails = (await readOutbox(app, renterAccount.email!)).filter((m) =>
      m.subject?.startsWith('New message'),
    );
    expect(renterMails).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createEventStore } from '../store/event-store.ts';
import { createProjectionSet } from '../store/projections.ts';
import type { ConversationEvent } from './conversation.decider.ts';
import { conversationStreamId } from './conversation.events.ts';
import { conversationsProjection } from './conversations.projection.ts';

const database = useMigratedDatabase();
const projections = createProjectionSet([conversationsProjection]);
const conversationId = '40000000-0000-4000-8000-000000000001';
const listingId = '20000000-0000-4000-8000-000000000001';
const hostId = '10000000-0000-4000-8000-000000000001';
const renterId = '10000000-0000-4000-8000-000000000002';
const messageId = (n: number) => `50000000-0000-4000-8000-00000000000${n}`;
const at = (minute: number) => `2026-11-29T10:0${minute}:00.000Z`;

const started: ConversationEvent = {
  type: 'ConversationStarted',
  data: { conversationId, listingId, hostId, renterId, startedAt: at(0) },
};
const sent = (seq: number, senderId: string, text: string): ConversationEvent => ({
  type: 'ConversationMessageSent',
  data: { conversationId, messageId: messageId(seq), seq, senderId, text, sentAt: at(seq) },
});
const readBy = (readerId: string, upToSeq: number): ConversationEvent => ({
  type: 'ConversationRead',
  data: { conversationId, readerId, upToSeq, readAt: at(5) },
});

const thread = async (): Promise<Record<string, unknown>> => {
  const [row] = await database().query<Record<string, unknown>>(
    `select message_count, last_message_text, last_sender_id, host_unread, renter_unread,
       first_reply_at, blocked_by, version from conversations where id = $1`,
    [conversationId],
  );
  const messages = await database().query<{ seq: number; text: string }>(
    'select seq, text from conversation_messages where conversation_id = $1 order by seq',
    [conversationId],
  );
  return {
    ...(row as Record<string, unknown>),
    first_reply_at: row?.first_reply_at ? new Date(row.first_reply_at as string).toISOString() : null,
    messages,
  };
};

describe('conversations projection', () => {
  it('keeps the last message, each side’s unread count and the first reply; a rebuild gives the same rows', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const stream = conversationStreamId(conversationId);
    await store.append(stream, 'no_stream', [
      started,
      sent(1, renterId, 'Is it still available?'),
      sent(2, renterId, 'Hello?'),
    ]);
    expect(await thread()).toMatchObject({ message_count: 2, host_unread: 2, renter_unread: 0, first_reply_at: null });
    await store.append(stream, 3, [readBy(hostId, 2), sent(3, hostId, 'Yes, it is')]);
    const after = await thread();
    expect(after).toEqual({
      message_count: 3,
      last_message_text: 'Yes, it is',
      last_sender_id: hostId,
      host_unread: 0,
      renter_unread: 1,
      first_reply_at: at(3),
      blocked_by: null,
      version: 5,
      messages: [
        { seq: 1, text: 'Is it still available?' },
        { seq: 2, text: 'Hello?' },
        { seq: 3, text: 'Yes, it is' },
      ],
    });
    await store.append(stream, 5, [
      { type: 'ConversationBlocked', data: { conversationId, blockerId: hostId, blockedAt: at(6) } },
    ]);
    expect(await thread()).toMatchObject({ blocked_by: hostId, version: 6 });
    await store.append(stream, 6, [
      { type: 'ConversationUnblocked', data: { conversationId, unblockedBy: hostId, unblockedAt: at(7) } },
    ]);
    const unblocked = await thread();
    expect(unblocked).toMatchObject({ blocked_by: null, version: 7 });
    await database().query('update conversations set host_unread = 9, last_message_text = $1', ['spoilt']);
    await database().query('delete from conversation_messages');
    expect(await projections.rebuild(database())).toEqual({ events: 7 });
    expect(await thread()).toEqual(unblocked);
  });

  it('keeps 140 characters of a long last message without splitting one', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const long = `${'a'.repeat(139)}😀 and more`;
    await store.append(conversationStreamId(conversationId), 'no_stream', [started, sent(1, renterId, long)]);
    expect((await thread()).last_message_text).toBe(`${'a'.repeat(139)}😀`);
  });

  it('changes nothing when events are applied again', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const stream = conversationStreamId(conversationId);
    await store.append(stream, 'no_stream', [started, sent(1, renterId, 'Hi'), sent(2, hostId, 'Hello')]);
    const before = await thread();
    const recorded = await store.readStream(stream);
    await database().transaction((tx) => conversationsProjection.apply(tx, recorded));
    expect(await thread()).toEqual(before);
  });

  it('keeps the admins’ queue of reports and their resolution; again or rebuilt, the same rows', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const stream = conversationStreamId(conversationId);
    const reportId = (n: number) => `60000000-0000-4000-8000-00000000000${n}`;
    const reported = (n: number, reporterId: string, reportedId: string): ConversationEvent => ({
      type: 'ConversationReported',
      data: {
        conversationId,
        reportId: reportId(n),
        reporterId,
        reportedId,
        reason: 'scam',
        note: `report ${n}`,
        reportedAt: at(n),
      },
    });
    const reports = () =>
      database().query<Record<string, unknown>>(
        `select id, reporter_id, reported_id, reason, note, status, action, resolution_note, suspended_id,
           resolved_by from conversation_reports order by reported_at`,
      );
    await store.append(stream, 'no_stream', [
      started,
      sent(1, renterId, 'Pay the fee first'),
      reported(2, renterId, hostId),
    ]);
    await store.append(stream, 3, [
      {
        type: 'ConversationReportsResolved',
        data: {
          conversationId,
          reportIds: [reportId(2)],
          action: 'suspend',
          suspendedId: hostId,
          note: 'Fee scam',
          resolvedBy: hostId,
          resolvedAt: at(4),
        },
      },
      reported(5, hostId, renterId),
    ]);
    const rows = await reports();
    expect(rows).toEqual([
      {
        id: reportId(2),
        reporter_id: renterId,
        reported_id: hostId,
        reason: 'scam',
        note: 'report 2',
        status: 'resolved',
        action: 'suspend',
        resolution_note: 'Fee scam',
        suspended_id: hostId,
        resolved_by: hostId,
      },
      {
        id: reportId(5),
        reporter_id: hostId,
        reported_id: renterId,
        reason: 'scam',
        note: 'report 5',
        status: 'open',
        action: null,
        resolution_note: null,
        suspended_id: null,
        resolved_by: null,
      },
    ]);
    const recorded = await store.readStream(stream);
    await database().transaction((tx) => conversationsProjection.apply(tx, recorded));
    expect(await reports()).toEqual(rows);
    await database().query('delete from conversation_reports');
    await projections.rebuild(database());
    expect(await reports()).toEqual(rows);
  });
});

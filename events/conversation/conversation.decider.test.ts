import { describe, expect, it } from 'vitest';
import { foldEvents } from '../store/decider.ts';
import { givenWhenThen } from '../../testing/given-when-then.ts';
import { type ConversationEvent, conversationDecider, unreadBy } from './conversation.decider.ts';

const conversationId = 'c-1';
const listingId = 'listing-1';
const host = { id: 'host-1', isAdmin: false };
const renter = { id: 'renter-1', isAdmin: false };
const stranger = { id: 'renter-2', isAdmin: false };
const admin = { id: 'admin-1', isAdmin: true };
const at = '2026-11-29T10:00:00.000Z';

const start = (actor = renter, messageId = 'm1') =>
  ({
    type: 'StartConversation',
    conversationId,
    listingId,
    hostId: host.id,
    actor,
    messageId,
    text: 'Is it still available?',
    at,
  }) as const;
const started: ConversationEvent = {
  type: 'ConversationStarted',
  data: { conversationId, listingId, hostId: host.id, renterId: renter.id, startedAt: at },
};
const sent = (seq: number, from: { id: string }, text = `message ${seq}`): ConversationEvent => ({
  type: 'ConversationMessageSent',
  data: { conversationId, messageId: `m${seq}`, seq, senderId: from.id, text, sentAt: at },
});
const send = (actor: { id: string; isAdmin: boolean }, messageId: string, text = 'Hello') =>
  ({ type: 'SendMessage', actor, messageId, text, at }) as const;
const read = (reader: { id: string }, upToSeq: number): ConversationEvent => ({
  type: 'ConversationRead',
  data: { conversationId, readerId: reader.id, upToSeq, readAt: at },
});
const blocked = (by: { id: string }): ConversationEvent => ({
  type: 'ConversationBlocked',
  data: { conversationId, blockerId: by.id, blockedAt: at },
});

const given = givenWhenThen(conversationDecider);

describe('conversation decider', () => {
  it('starts a thread with the renter’s first message', () => {
    given()
      .when(start())
      .then([started, sent(1, renter, 'Is it still available?')]);
  });

  it('refuses a host writing to their own listing', () => {
    given().when(start(host)).thenRefuses('own_listing', 'forbidden');
  });

  it('writes into the existing thread when the renter starts it again', () => {
    given(started, sent(1, renter))
      .when(start(renter, 'm2'))
      .then([sent(2, renter, 'Is it still available?')]);
  });

  it('lets both participants write, numbering the messages', () => {
    given(started, sent(1, renter))
      .when(send(host, 'm2', 'Yes, come on Saturday'))
      .then([sent(2, host, 'Yes, come on Saturday')]);
  });

  it('hides the thread from anyone else, admins included', () => {
    given(started, sent(1, renter)).when(send(stranger, 'mx')).thenRefuses('conversation_not_found', 'not_found');
    given(started, sent(1, renter)).when(send(admin, 'mx')).thenRefuses('conversation_not_found', 'not_found');
    given(started).when({ type: 'MarkRead', actor: stranger, at }).thenRefuses('conversation_not_found', 'not_found');
    given().when(send(renter, 'm1')).thenRefuses('conversation_not_found', 'not_found');
  });

  it('takes a message sent twice once', () => {
    given(started, sent(1, renter)).when(send(renter, 'm1')).then([]);
    given(started, sent(1, renter), sent(2, host)).when(send(renter, 'm1')).then([]);
  });

  it('marks read up to the last message, and only when something is unread', () => {
    given(started, sent(1, renter), sent(2, renter))
      .when({ type: 'MarkRead', actor: host, at })
      .then([read(host, 2)]);
    given(started, sent(1, renter), read(host, 1)).when({ type: 'MarkRead', actor: host, at }).then([]);
    // The renter's own messages are never unread to them.
    given(started, sent(1, renter)).when({ type: 'MarkRead', actor: renter, at }).then([]);
  });

  it('counts what each side has not read; replying reads the thread', () => {
    const thread = foldEvents(conversationDecider, [started, sent(1, renter), sent(2, renter), sent(3, host)]);
    const later = foldEvents(conversationDecider, [started, sent(1, renter), sent(2, renter)]);
    if (thread.status !== 'open' || later.status !== 'open') throw new Error('open expected');
    expect(unreadBy(later, host.id)).toBe(2);
    expect(unreadBy(thread, host.id)).toBe(0);
    expect(unreadBy(thread, renter.id)).toBe(1);
  });

  it('stops every message once either side blocks, until the blocker unblocks', () => {
    given(started, sent(1, renter))
      .when({ type: 'Block', actor: host, at })
      .then([blocked(host)]);
    given(started, sent(1, renter), blocked(host))
      .when(send(renter, 'm2'))
      .thenRefuses('conversation_blocked', 'forbidden');
    given(started, sent(1, renter), blocked(host))
      .when(send(host, 'm2'))
      .thenRefuses('conversation_blocked', 'forbidden');
    given(started, sent(1, renter), blocked(host))
      .when({ type: 'Unblock', actor: renter, at })
      .thenRefuses('not_your_block', 'forbidden');
    given(started, sent(1, renter), blocked(host))
      .when({ type: 'Unblock', actor: host, at })
      .then([{ type: 'ConversationUnblocked', data: { conversationId, unblockedBy: host.id, unblockedAt: at } }]);
    given(started, sent(1, renter), blocked(host)).when({ type: 'Block', actor: renter, at }).then([]);
    given(started, sent(1, renter)).when({ type: 'Unblock', actor: renter, at }).then([]);
    given(started).when({ type: 'Block', actor: stranger, at }).thenRefuses('conversation_not_found', 'not_found');
    given(started, blocked(host))
      .when({ type: 'Unblock', actor: stranger, at })
      .thenRefuses('conversation_not_found', 'not_found');
    given(started).when({ type: 'Unblock', actor: stranger, at }).thenRefuses('conversation_not_found', 'not_found');
  });

  describe('reports', () => {
    const report = (actor: { id: string; isAdmin: boolean }, reportId = 'r1') =>
      ({ type: 'ReportConversation', actor, reportId, reason: 'scam', note: 'Asked for a viewing fee', at }) as const;
    const reported = (by: { id: string }, about: { id: string }, reportId = 'r1'): ConversationEvent => ({
      type: 'ConversationReported',
      data: {
        conversationId,
        reportId,
        reporterId: by.id,
        reportedId: about.id,
        reason: 'scam',
        note: 'Asked for a viewing fee',
        reportedAt: at,
      },
    });
    const resolve = (
      actor: { id: string; isAdmin: boolean },
      action: 'dismiss' | 'suspend' = 'suspend',
      userId?: string,
    ) => ({ type: 'ResolveReports', actor, action, userId, note: 'Fee scam', at }) as const;
    const resolved = (
      reportIds: string[],
      action = 'suspend',
      suspendedId: string | null = host.id,
    ): ConversationEvent => ({
      type: 'ConversationReportsResolved',
      data: {
        conversationId,
        reportIds,
        action,
        suspendedId: action === 'suspend' ? suspendedId : null,
        note: 'Fee scam',
        resolvedBy: admin.id,
        resolvedAt: at,
      },
    });

    it('reports the other side and blocks the thread, unless it is blocked already', () => {
      given(started, sent(1, renter))
        .when(report(renter))
        .then([reported(renter, host), blocked(renter)]);
      given(started, sent(1, renter))
        .when(report(host))
        .then([reported(host, renter), blocked(host)]);
      given(started, sent(1, renter), blocked(host))
        .when(report(renter))
        .then([reported(renter, host)]);
    });

    it('takes one open report a person, and another once the admins decided the first', () => {
      given(started, reported(renter, host), blocked(renter))
        .when(report(renter, 'r2'))
        .thenRefuses('already_reported', 'conflict');
      given(started, reported(renter, host), blocked(renter))
        .when(report(host, 'r2'))
        .then([reported(host, renter, 'r2')]);
      given(started, reported(renter, host), blocked(renter), resolved(['r1'], 'dismiss'))
        .when(report(renter, 'r2'))
        .then([reported(renter, host, 'r2')]);
      // A resolution closes the reports it names, no others.
      given(started, reported(renter, host), reported(host, renter, 'r2'), resolved(['r1'], 'dismiss'))
        .when(report(host, 'r3'))
        .thenRefuses('already_reported', 'conflict');
    });

    it('lets only participants report, and only admins resolve what is open', () => {
      given(started).when(report(stranger)).thenRefuses('conversation_not_found', 'not_found');
      given(started).when(report(admin)).thenRefuses('conversation_not_found', 'not_found');
      given().when(report(renter)).thenRefuses('conversation_not_found', 'not_found');
      given(started, reported(renter, host)).when(resolve(host)).thenRefuses('admin_only', 'forbidden');
      given(started, reported(renter, host)).when(resolve(renter)).thenRefuses('admin_only', 'forbidden');
      given(started).when(resolve(admin)).thenRefuses('no_open_reports', 'conflict');
      given().when(resolve(admin)).thenRefuses('conversation_not_found', 'not_found');
      given(started, reported(renter, host), resolved(['r1']))
        .when(resolve(admin))
        .thenRefuses('no_open_reports', 'conflict');
    });

    it('resolves every open report of the thread together, suspending the one reported', () => {
      given(started, reported(renter, host), reported(renter, host, 'r2'))
        .when(resolve(admin))
        .then([resolved(['r1', 'r2'])]);
      given(started, reported(renter, host), reported(host, renter, 'r2'))
        .when(resolve(admin))
        .thenRefuses('suspend_whom', 'invalid');
      given(started, reported(renter, host), reported(host, renter, 'r2'))
        .when(resolve(admin, 'suspend', renter.id))
        .then([resolved(['r1', 'r2'], 'suspend', renter.id)]);
      given(started, reported(renter, host))
        .when(resolve(admin, 'suspend', renter.id))
        .thenRefuses('not_reported', 'invalid');
      given(started, reported(renter, host), reported(host, renter, 'r2'))
        .when(resolve(admin, 'dismiss'))
        .then([resolved(['r1', 'r2'], 'dismiss')]);
      given(started, reported(renter, host), resolved(['r1'], 'dismiss'), reported(renter, host, 'r3'))
        .when(resolve(admin, 'dismiss'))
        .then([resolved(['r3'], 'dismiss')]);
    });
  });
});

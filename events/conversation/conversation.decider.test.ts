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
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../offline/outbox-item.schema.ts';
import { outboxKindOf, targetOf, upgradeItem } from '../../offline/outbox-registry.ts';
import {
  conversationMessageKind,
  messageEndpoint,
  registerConversationMessageOutbox,
} from './conversation-message.outbox.ts';

describe('the conversation message kind of outbox item', () => {
  const start = {
    id: 'k1',
    kind: 'conversation-message',
    ownerId: 'renter',
    createdAt: 1,
    label: 'Message about Two rooms',
    status: 'waiting',
    attempts: 0,
    nextAttemptAt: 1,
    conversationId: null,
    listingId: 'p',
    listingTitle: 'Two rooms',
    text: 'Hello, is this place still available?',
  };
  const reply = { ...start, id: 'k2', conversationId: 'c', text: 'I will come on Saturday' };
  // Read once before the feature registers its kind, then registered for every test: each test stands alone.
  let beforeRegistering: OutboxItem | undefined;
  beforeAll(() => {
    beforeRegistering = upgradeItem(start);
    registerConversationMessageOutbox();
  });

  it('is unknown to the engine until the feature registers it', () => {
    expect(beforeRegistering).toMatchObject({ kind: 'unknown', storedKind: 'conversation-message' });
    expect(outboxKindOf('conversation-message')).toBe(conversationMessageKind);
  });
  it('starts from the listing without a thread, and writes in the thread once it has one', () => {
    expect(messageEndpoint(start)).toBe('/api/properties/p/conversations');
    expect(messageEndpoint(reply)).toBe('/api/conversations/c/messages');
  });
  it('sends one person’s messages about a listing in order, the start and the replies alike', () => {
    expect(targetOf(upgradeItem(start)!)).toBe('conversation:p');
    expect(targetOf(upgradeItem(reply)!)).toBe('conversation:p');
    expect(targetOf(upgradeItem({ ...start, id: 'k3', listingId: 'q' })!)).toBe('conversation:q');
  });
  it('is unknown without its text, which it shows while it waits', () => {
    const { text: _text, ...withoutText } = reply;
    expect(upgradeItem(withoutText)).toMatchObject({ kind: 'unknown', storedKind: 'conversation-message' });
  });
});

import * as v from 'valibot';
import { call } from '../../offline/outbox-call.ts';
import type { OutboxKind } from '../../offline/outbox-kind.ts';
import { registerOutboxKind } from '../../offline/outbox-registry.ts';
import type { QueuedItem } from '../../offline/outbox-store.ts';

// A message to a host or in a thread, written offline and waiting in the outbox (page and service
// worker alike; issue 34, docs/decisions/380). Its id is the Idempotency-Key, chosen when Send was
// pressed: however often it is tried, the server stores it once.

export type ConversationMessageItem = QueuedItem<
  'conversation-message',
  {
    /** The thread it is written in; null when it starts from a listing's page (the server finds or starts the thread). */
    conversationId: string | null;
    listingId: string;
    listingTitle: string;
    text: string;
  }
>;

/** POST /api/properties/{id}/conversations, or POST /api/conversations/{id}/messages. */
export const messageEndpoint = (to: Pick<ConversationMessageItem, 'conversationId' | 'listingId'>) =>
  to.conversationId
    ? `/api/conversations/${encodeURIComponent(to.conversationId)}/messages`
    : `/api/properties/${encodeURIComponent(to.listingId)}/conversations`;

export const conversationMessageKind: OutboxKind<ConversationMessageItem> = {
  kind: 'conversation-message',
  schema: v.looseObject({
    kind: v.literal('conversation-message'),
    conversationId: v.nullable(v.string()),
    listingId: v.string(),
    listingTitle: v.string(),
    text: v.string(),
  }),
  // One person's messages about one listing go in the order they were written, the first (which
  // may start the thread) before the rest.
  target: (item) => `conversation:${item.listingId}`,
  send: (item, session) => call(session, 'POST', messageEndpoint(item), item.id, { text: item.text }),
  sentOnPage: (queryClient) => void queryClient.invalidateQueries({ queryKey: ['conversations'] }),
};

export function registerConversationMessageOutbox() {
  registerOutboxKind(conversationMessageKind);
}

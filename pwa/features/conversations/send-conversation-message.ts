import { apiRequest } from '../../lib/api-client.ts';
import type { MessageSent } from '../../lib/contract.ts';
import { isOwnedBy } from '../../offline/outbox-owner.ts';
import { sendKeptFirst } from '../../offline/outbox-runtime.ts';
import { fresh, type OutboxItem } from '../../offline/outbox-store.ts';
import { useOutbox } from '../../offline/use-outbox.ts';
import { type ConversationMessageItem, messageEndpoint } from './conversation-message.outbox.ts';

const isConversationMessageItem = (item: OutboxItem): item is ConversationMessageItem =>
  item.kind === 'conversation-message';

export type MessageToSend = Pick<ConversationMessageItem, 'conversationId' | 'listingId' | 'listingTitle' | 'text'> & {
  /** What the offline bar lists while it waits. */
  label: string;
  ownerId: string;
};
export type MessageOutcome =
  | { status: 'sent'; result: MessageSent }
  | { status: 'queued'; item: ConversationMessageItem };

/**
 * Sends a message now when there is a connection, kept in the outbox first so that closing the app
 * mid-send loses nothing, else keeps it there to be sent once back online (sendKeptFirst). Its key
 * is chosen here, when Send is pressed, and is the outbox item's id: the attempt made now and every
 * later one carry it, so the server stores the message once. A refusal now (blocked, too many new
 * threads) is thrown for the screen to show, with the text kept.
 */
export async function sendConversationMessage({ ownerId, ...message }: MessageToSend): Promise<MessageOutcome> {
  const item = fresh<ConversationMessageItem>({ kind: 'conversation-message', ownerId, ...message });
  const outcome = await sendKeptFirst(item, () =>
    apiRequest<MessageSent>('POST', messageEndpoint(item), { body: { text: item.text }, idempotencyKey: item.id }),
  );
  return outcome.status === 'sent' ? outcome : { status: 'queued', item };
}

/** The signed-in person's messages still in the outbox that `belongs` picks, oldest first. */
export function usePendingMessages(belongs: (item: ConversationMessageItem) => boolean): ConversationMessageItem[] {
  const { signedIn, items } = useOutbox();
  return items.filter(
    (item): item is ConversationMessageItem =>
      isOwnedBy(item, signedIn) && isConversationMessageItem(item) && !item.supersededBy && belongs(item),
  );
}

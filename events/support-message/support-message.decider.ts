import type { Actor } from '../actor.ts';
import type { Decider } from '../store/decider.ts';
import { DomainError } from '../store/errors.ts';
import type { DomainEvent } from '../store/event-type.ts';
import { supportMessageEventTypes, type SupportMessageContent } from './support-message.events.ts';

export type SupportMessageEvent = DomainEvent<(typeof supportMessageEventTypes)[number]>;

export type SupportMessageState =
  | { status: 'none' }
  | { status: 'unhandled'; messageId: string; reference: string }
  | { status: 'handled'; messageId: string; reference: string; handledBy: string; handledAt: string };

export type SupportMessageCommand =
  | { type: 'ReceiveMessage'; messageId: string; reference: string; content: SupportMessageContent; at: string }
  | { type: 'MarkHandled'; actor: Actor; at: string };

export const SUPPORT_MESSAGE_ERRORS = {
  notFound: () => new DomainError('not_found', 'message_not_found', 'Message not found'),
  exists: () => new DomainError('conflict', 'message_exists', 'A message with this id already exists.'),
  adminOnly: () => new DomainError('forbidden', 'admin_only', 'Only an administrator can do this.'),
  alreadyHandled: () => new DomainError('conflict', 'already_handled', 'This message was already marked handled.'),
};

/**
 * A message is received once, then handled once, by an admin. Handling twice is a 409: the
 * panel of a second admin is stale, and they should see who handled it rather than overwrite it.
 */
export const supportMessageDecider: Decider<SupportMessageCommand, SupportMessageEvent, SupportMessageState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'ReceiveMessage': {
        if (state.status !== 'none') throw SUPPORT_MESSAGE_ERRORS.exists();
        const { messageId, reference, content, at } = command;
        return [{ type: 'SupportMessageReceived', data: { messageId, reference, content, receivedAt: at } }];
      }
      case 'MarkHandled': {
        if (state.status === 'none') throw SUPPORT_MESSAGE_ERRORS.notFound();
        if (!command.actor.isAdmin) throw SUPPORT_MESSAGE_ERRORS.adminOnly();
        if (state.status === 'handled') throw SUPPORT_MESSAGE_ERRORS.alreadyHandled();
        return [
          {
            type: 'SupportMessageHandled',
            data: { messageId: state.messageId, handledBy: command.actor.id, handledAt: command.at },
          },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SupportMessageReceived':
        return { status: 'unhandled', messageId: event.data.messageId, reference: event.data.reference };
      case 'SupportMessageHandled':
        return state.status === 'none'
          ? state
          : {
              status: 'handled',
              messageId: state.messageId,
              reference: state.reference,
              handledBy: event.data.handledBy,
              handledAt: event.data.handledAt,
            };
    }
  },
};

export const supportMessageAggregate = { eventTypes: supportMessageEventTypes, decider: supportMessageDecider };

import type { Actor } from '../actor.ts';
import type { Decider } from '../store/decider.ts';
import { DomainError } from '../store/errors.ts';
import type { DomainEvent } from '../store/event-type.ts';
import type { ConversationReportAction, ConversationReportReason } from './conversation-report.policy.ts';
import { conversationEventTypes } from './conversation.events.ts';

export type ConversationEvent = DomainEvent<(typeof conversationEventTypes)[number]>;

export type ConversationState =
  | { status: 'none' }
  | {
      status: 'open';
      conversationId: string;
      listingId: string;
      hostId: string;
      renterId: string;
      /** Each message's id and sender, in order: a message's seq is its place here, from 1. */
      messages: { messageId: string; senderId: string }[];
      /** Per participant, the seq up to which they have read. */
      readUpTo: Record<string, number>;
      blockedBy: string | null;
      /** The reports no admin has resolved yet: one a reporter while it is open. */
      openReports: { reportId: string; reporterId: string; reportedId: string }[];
    };

type Open = Extract<ConversationState, { status: 'open' }>;

export type ConversationCommand =
  | {
      type: 'StartConversation';
      conversationId: string;
      listingId: string;
      /** The listing's owner, who answers. */
      hostId: string;
      actor: Actor;
      messageId: string;
      text: string;
      at: string;
    }
  | { type: 'SendMessage'; actor: Actor; messageId: string; text: string; at: string }
  | { type: 'MarkRead'; actor: Actor; at: string }
  | { type: 'Block'; actor: Actor; at: string }
  | { type: 'Unblock'; actor: Actor; at: string }
  | {
      type: 'ReportConversation';
      actor: Actor;
      reportId: string;
      reason: ConversationReportReason;
      note: string;
      at: string;
    }
  | {
      type: 'ResolveReports';
      actor: Actor;
      action: ConversationReportAction;
      /** Whom `suspend` suspends: needed only when the open reports name both sides. */
      userId?: string | undefined;
      note: string;
      at: string;
    };

export const CONVERSATION_ERRORS = {
  notFound: () => new DomainError('not_found', 'conversation_not_found', 'Conversation not found.'),
  ownListing: () => new DomainError('forbidden', 'own_listing', 'This is your own listing: renters write to you here.'),
  blocked: () =>
    new DomainError('forbidden', 'conversation_blocked', 'This conversation is blocked: no more messages can be sent.'),
  notYourBlock: () =>
    new DomainError('forbidden', 'not_your_block', 'Only the person who blocked this conversation can unblock it.'),
  alreadyReported: () =>
    new DomainError(
      'conflict',
      'already_reported',
      'You have already reported this conversation. The Efie team will tell you what they decide.',
    ),
  adminOnly: () => new DomainError('forbidden', 'admin_only', 'Only an administrator can do this.'),
  nothingOpen: () => new DomainError('conflict', 'no_open_reports', 'This conversation has no open reports.'),
  sayWhom: () =>
    new DomainError(
      'invalid',
      'suspend_whom',
      'Both sides of this conversation were reported: say whose account to suspend (userId).',
    ),
  notReported: () =>
    new DomainError('invalid', 'not_reported', 'Only a person reported in this conversation can be suspended from it.'),
};

/** Whom a `suspend` suspends: the one the open reports name, else the one the admin chose among them. */
function suspendedBy(state: Open, userId: string | undefined): string {
  const reported = [...new Set(state.openReports.map((r) => r.reportedId))];
  if (userId === undefined) {
    if (reported.length > 1) throw CONVERSATION_ERRORS.sayWhom();
    return reported[0]!;
  }
  if (!reported.includes(userId)) throw CONVERSATION_ERRORS.notReported();
  return userId;
}

const isParticipant = (state: Open, actor: Actor) => actor.id === state.hostId || actor.id === state.renterId;

/** The messages the reader has not read: the other side's, after their read mark. */
export function unreadBy(state: Open, readerId: string): number {
  const readUpTo = state.readUpTo[readerId] ?? 0;
  return state.messages.filter((m, i) => i + 1 > readUpTo && m.senderId !== readerId).length;
}

function send(state: Open, actor: Actor, messageId: string, text: string, at: string): ConversationEvent[] {
  if (!isParticipant(state, actor)) throw CONVERSATION_ERRORS.notFound();
  if (state.blockedBy !== null) throw CONVERSATION_ERRORS.blocked();
  // The same message again (a retry that lost its answer): already in the thread.
  if (state.messages.some((m) => m.messageId === messageId)) return [];
  const seq = state.messages.length + 1;
  return [
    {
      type: 'ConversationMessageSent',
      data: { conversationId: state.conversationId, messageId, seq, senderId: actor.id, text, sentAt: at },
    },
  ];
}

/**
 * A renter starts a conversation about a listing with its host (the route checks the listing is
 * live); starting it again writes into the same thread. Only its two participants see it or
 * write in it; to anyone else it does not exist. A message is read once its thread is opened.
 * Either side may block the other; only they may unblock. Either side may report the other to the
 * admins, once while their report is open; reporting blocks the thread if it is not blocked yet. An
 * admin resolves a thread's open reports together, with one action.
 */
export const conversationDecider: Decider<ConversationCommand, ConversationEvent, ConversationState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'StartConversation': {
        const { conversationId, listingId, hostId, actor, messageId, text, at } = command;
        if (actor.id === hostId) throw CONVERSATION_ERRORS.ownListing();
        if (state.status === 'open') return send(state, actor, messageId, text, at);
        const started: ConversationEvent = {
          type: 'ConversationStarted',
          data: { conversationId, listingId, hostId, renterId: actor.id, startedAt: at },
        };
        return [
          started,
          {
            type: 'ConversationMessageSent',
            data: { conversationId, messageId, seq: 1, senderId: actor.id, text, sentAt: at },
          },
        ];
      }
      case 'SendMessage': {
        if (state.status === 'none') throw CONVERSATION_ERRORS.notFound();
        return send(state, command.actor, command.messageId, command.text, command.at);
      }
      case 'MarkRead': {
        if (state.status === 'none' || !isParticipant(state, command.actor)) throw CONVERSATION_ERRORS.notFound();
        if (unreadBy(state, command.actor.id) === 0) return [];
        return [
          {
            type: 'ConversationRead',
            data: {
              conversationId: state.conversationId,
              readerId: command.actor.id,
              upToSeq: state.messages.length,
              readAt: command.at,
            },
          },
        ];
      }
      case 'Block': {
        if (state.status === 'none' || !isParticipant(state, command.actor)) throw CONVERSATION_ERRORS.notFound();
        if (state.blockedBy !== null) return [];
        return [
          {
            type: 'ConversationBlocked',
            data: { conversationId: state.conversationId, blockerId: command.actor.id, blockedAt: command.at },
          },
        ];
      }
      case 'Unblock': {
        if (state.status === 'none' || !isParticipant(state, command.actor)) throw CONVERSATION_ERRORS.notFound();
        if (state.blockedBy === null) return [];
        if (state.blockedBy !== command.actor.id) throw CONVERSATION_ERRORS.notYourBlock();
        return [
          {
            type: 'ConversationUnblocked',
            data: { conversationId: state.conversationId, unblockedBy: command.actor.id, unblockedAt: command.at },
          },
        ];
      }
      case 'ReportConversation': {
        const { actor, reportId, reason, note, at } = command;
        if (state.status === 'none' || !isParticipant(state, actor)) throw CONVERSATION_ERRORS.notFound();
        if (state.openReports.some((r) => r.reporterId === actor.id)) throw CONVERSATION_ERRORS.alreadyReported();
        const { conversationId } = state;
        const reportedId = actor.id === state.hostId ? state.renterId : state.hostId;
        const reported: ConversationEvent = {
          type: 'ConversationReported',
          data: { conversationId, reportId, reporterId: actor.id, reportedId, reason, note, reportedAt: at },
        };
        // Reporting someone also stops them writing to you, until you unblock them.
        if (state.blockedBy !== null) return [reported];
        return [
          reported,
          { type: 'ConversationBlocked', data: { conversationId, blockerId: actor.id, blockedAt: at } },
        ];
      }
      case 'ResolveReports': {
        const { actor, action, note, at } = command;
        if (!actor.isAdmin) throw CONVERSATION_ERRORS.adminOnly();
        if (state.status === 'none') throw CONVERSATION_ERRORS.notFound();
        if (state.openReports.length === 0) throw CONVERSATION_ERRORS.nothingOpen();
        const suspendedId = action === 'suspend' ? suspendedBy(state, command.userId) : null;
        return [
          {
            type: 'ConversationReportsResolved',
            data: {
              conversationId: state.conversationId,
              reportIds: state.openReports.map((r) => r.reportId),
              action,
              suspendedId,
              note,
              resolvedBy: actor.id,
              resolvedAt: at,
            },
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
      case 'ConversationStarted': {
        const { conversationId, listingId, hostId, renterId } = event.data;
        return {
          status: 'open',
          conversationId,
          listingId,
          hostId,
          renterId,
          messages: [],
          readUpTo: {},
          blockedBy: null,
          openReports: [],
        };
      }
      case 'ConversationMessageSent': {
        if (state.status !== 'open') return state;
        const { messageId, senderId, seq } = event.data;
        // The sender has read their own thread up to their message.
        return {
          ...state,
          messages: [...state.messages, { messageId, senderId }],
          readUpTo: { ...state.readUpTo, [senderId]: seq },
        };
      }
      case 'ConversationRead': {
        if (state.status !== 'open') return state;
        return { ...state, readUpTo: { ...state.readUpTo, [event.data.readerId]: event.data.upToSeq } };
      }
      case 'ConversationBlocked':
        return state.status === 'open' ? { ...state, blockedBy: event.data.blockerId } : state;
      case 'ConversationUnblocked':
        return state.status === 'open' ? { ...state, blockedBy: null } : state;
      case 'ConversationReported': {
        if (state.status !== 'open') return state;
        const { reportId, reporterId, reportedId } = event.data;
        return { ...state, openReports: [...state.openReports, { reportId, reporterId, reportedId }] };
      }
      case 'ConversationReportsResolved': {
        if (state.status !== 'open') return state;
        const resolved = event.data.reportIds;
        return { ...state, openReports: state.openReports.filter((r) => !resolved.includes(r.reportId)) };
      }
    }
  },
};

export const conversationAggregate = { eventTypes: conversationEventTypes, decider: conversationDecider };

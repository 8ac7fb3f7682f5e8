import type { ConversationReportAction } from '../../events/conversation/conversation-report.policy.ts';
import { cutText } from '../contract/well-formed-text.ts';
import type { Limit } from '../limits/rate-limiter.ts';
import { messageToPerson, type NewMessage, type NewPushMessage, pushMessage } from '../outbox/outbox.ts';

/** The other side hears of new messages in a thread at most once an hour (issue 34). */
export const noticeLimit = (conversationId: string, recipientId: string): Limit => ({
  key: `conversation-notice:${conversationId}:${recipientId}`,
  max: 1,
  windowMs: 60 * 60 * 1000,
});

/** A new message, told to the other side by e-mail, else SMS, with the link to the thread. */
export function newMessageNotice(
  recipient: { email: string | null; phone: string | null },
  {
    senderName,
    listingTitle,
    text,
    link,
    toRenter,
  }: {
    senderName: string;
    listingTitle: string;
    text: string;
    link: string;
    toRenter: boolean;
  },
): NewMessage | undefined {
  const lines = [
    `${cutText(senderName, 60)} wrote to you on Efie about "${cutText(listingTitle, 80)}":`,
    `"${cutText(text, 300)}${text.length > 300 ? '…' : ''}"`,
    `Read and answer: ${link}`,
    toRenter
      ? 'Remember: never pay a viewing fee or a deposit before you have seen the place and its documents.'
      : null,
  ];
  return messageToPerson(
    recipient,
    `New message about ${cutText(listingTitle, 60)}`,
    lines.filter((line) => line !== null).join('\n\n'),
  );
}

/** A new message as a web push to one of the other side's browsers: a later one of the thread replaces it. */
export function newMessagePush(
  endpoint: string,
  { conversationId, senderName, text }: { conversationId: string; senderName: string; text: string },
): NewPushMessage {
  return pushMessage(endpoint, {
    title: `${cutText(senderName, 60)} on Efie`,
    body: `${cutText(text, 140)}${text.length > 140 ? '…' : ''}`,
    url: `/messages/${conversationId}`,
    tag: `conversation-${conversationId}`,
  });
}

const REPORT_OUTCOMES: Record<ConversationReportAction, string> = {
  dismiss: 'We read the conversation and found nothing that breaks our rules.',
  suspend: 'We have suspended the other person’s account while we follow up.',
};

/** What a reporter is told when the admins resolve their report about a conversation: by e-mail, else SMS. */
export function conversationReportResolvedNotice(
  contact: { email: string | null; phone: string | null },
  listingTitle: string,
  action: ConversationReportAction,
  note: string,
): NewMessage | undefined {
  const text = [
    `Thank you for reporting a conversation about "${cutText(listingTitle, 80)}" on Efie. ${REPORT_OUTCOMES[action]}`,
    note ? `The Efie team adds: ${cutText(note, 500)}` : null,
    'The conversation stays blocked until you unblock it. Never pay a viewing fee or a deposit before you have seen the place and its documents.',
  ]
    .filter((line) => line !== null)
    .join('\n\n');
  return messageToPerson(contact, 'About the conversation you reported', text);
}

import * as v from 'valibot';
import { defineEvent } from '../store/event-type.ts';

// A message to the Efie team (the support form or the public contact form) on its own
// stream `support-message-<id>`. The API validates the values (api/contract/messages.schema.ts);
// here they are stored as given.

export const supportMessageStreamId = (messageId: string) => `support-message-${messageId}`;

const text = v.nullable(v.string());

export const SupportMessageContentSchema = v.object({
  form: v.picklist(['support', 'contact']),
  name: text,
  firstName: text,
  lastName: text,
  contactMethod: v.picklist(['email', 'phone']),
  email: text,
  phone: text,
  category: text,
  userType: text,
  subject: v.string(),
  message: v.string(),
});
export type SupportMessageContent = v.InferOutput<typeof SupportMessageContentSchema>;

export const SupportMessageReceived = defineEvent(
  'SupportMessageReceived',
  v.object({
    messageId: v.string(),
    reference: v.string(),
    content: SupportMessageContentSchema,
    receivedAt: v.string(),
  }),
);
export const SupportMessageHandled = defineEvent(
  'SupportMessageHandled',
  v.object({ messageId: v.string(), handledBy: v.string(), handledAt: v.string() }),
);

export const supportMessageEventTypes = [SupportMessageReceived, SupportMessageHandled] as const;
export const SUPPORT_MESSAGE_EVENT_NAMES: readonly string[] = supportMessageEventTypes.map((t) => t.type);

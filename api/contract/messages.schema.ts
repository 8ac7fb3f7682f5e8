import * as v from 'valibot';

// The support form (/support) and the public contact form (/contact): request bodies with the
// spec's messages, and the answers. The PWA imports this file: no node:*, no server code here.

export const SUPPORT_CATEGORIES = [
  'booking',
  'payment',
  'property',
  'account',
  'technical',
  'verification',
  'general',
  'other',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const CONTACT_USER_TYPES = ['landlord', 'tenant', 'property_manager', 'other'] as const;
export type ContactUserType = (typeof CONTACT_USER_TYPES)[number];
export const CONTACT_METHODS = ['email', 'phone'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

/** Field bounds: generous for people, small enough that nobody can post a book to the team. */
export const MESSAGE_LIMITS = { name: 100, email: 254, phone: 30, subject: 200, message: 5000 } as const;

export const SUPPORT_REQUIRED = 'Please fill in all required fields (email, subject, and message).';
export const CONTACT_REQUIRED = 'Please fill in all required fields.';
export const EMAIL_REQUIRED = 'Please provide your email address.';
export const PHONE_REQUIRED = 'Please provide your phone number.';
const tooLong = (max: number) => `At most ${max} characters`;

/** Missing, null and blank all read as the form's one message for a missing field. */
const present = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(message)), ''),
    v.transform((value) => (value ?? '').trim()),
    v.nonEmpty(message),
  );
const required = (message: string, max: number) => v.pipe(present(message), v.maxLength(max, tooLong(max)));

/** Absent, null or blank reads as undefined. */
const optional = <S extends v.GenericSchema<string, string>>(schema: S) =>
  v.pipe(
    v.optional(v.nullable(v.string())),
    v.transform((value) => (value == null || value.trim() === '' ? undefined : value.trim())),
    v.optional(schema),
  );

const email = v.pipe(
  v.string(),
  v.toLowerCase(),
  v.maxLength(MESSAGE_LIMITS.email, 'Invalid email address'),
  v.email('Invalid email address'),
);
/** Kept as typed (a Californian may write 415 555 0100): digits with the usual separators. */
const phone = v.pipe(
  v.string(),
  v.maxLength(MESSAGE_LIMITS.phone, tooLong(MESSAGE_LIMITS.phone)),
  v.regex(/^\+?[\d\s().-]+$/, 'Please enter a valid phone number'),
  v.check((value) => value.replace(/\D/g, '').length >= 7, 'Please enter a valid phone number'),
);

export const SupportMessageSchema = v.object({
  name: optional(v.pipe(v.string(), v.maxLength(MESSAGE_LIMITS.name, tooLong(MESSAGE_LIMITS.name)))),
  email: v.pipe(present(SUPPORT_REQUIRED), email),
  subject: required(SUPPORT_REQUIRED, MESSAGE_LIMITS.subject),
  category: optional(v.picklist(SUPPORT_CATEGORIES, `category must be one of ${SUPPORT_CATEGORIES.join(', ')}`)),
  message: required(SUPPORT_REQUIRED, MESSAGE_LIMITS.message),
});
export type SupportMessageBody = v.InferInput<typeof SupportMessageSchema>;
export type SupportMessageInput = v.InferOutput<typeof SupportMessageSchema>;

export const ContactMessageSchema = v.pipe(
  v.object({
    firstName: required(CONTACT_REQUIRED, MESSAGE_LIMITS.name),
    lastName: required(CONTACT_REQUIRED, MESSAGE_LIMITS.name),
    contactMethod: v.optional(v.picklist(CONTACT_METHODS, 'contactMethod must be email or phone'), 'email'),
    email: optional(email),
    phone: optional(phone),
    userType: v.pipe(present(CONTACT_REQUIRED), v.picklist(CONTACT_USER_TYPES, CONTACT_REQUIRED)),
    subject: required(CONTACT_REQUIRED, MESSAGE_LIMITS.subject),
    message: required(CONTACT_REQUIRED, MESSAGE_LIMITS.message),
  }),
  v.forward(
    v.partialCheck(
      [['contactMethod'], ['email']],
      (input) => input.contactMethod !== 'email' || input.email !== undefined,
      EMAIL_REQUIRED,
    ),
    ['email'],
  ),
  v.forward(
    v.partialCheck(
      [['contactMethod'], ['phone']],
      (input) => input.contactMethod !== 'phone' || input.phone !== undefined,
      PHONE_REQUIRED,
    ),
    ['phone'],
  ),
);
export type ContactMessageBody = v.InferInput<typeof ContactMessageSchema>;
export type ContactMessageInput = v.InferOutput<typeof ContactMessageSchema>;

/** What both forms answer (201): a reference the person can quote, such as EF-7K3Q9D. */
export type MessageReceipt = { id: string; reference: string; message: string };

export const MESSAGE_STATUSES = ['unhandled', 'handled', 'all'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const ADMIN_MESSAGES_PAGE_SIZE = 20;

/** A support or contact message as the admin panel lists it. */
export type TeamMessage = {
  id: string;
  reference: string;
  form: 'support' | 'contact';
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  contactMethod: ContactMethod;
  email: string | null;
  phone: string | null;
  category: SupportCategory | null;
  userType: ContactUserType | null;
  subject: string;
  message: string;
  status: 'unhandled' | 'handled';
  receivedAt: string;
  handledAt: string | null;
  handledBy: string | null;
  /** The admin's e-mail, for "handled by". */
  handledByEmail: string | null;
  version: number;
};
export type TeamMessagePage = { messages: TeamMessage[]; total: number; page: number; pageSize: number };

export const AdminMessagesQuerySchema = v.object({
  status: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => (s === '' ? 'all' : s)),
      v.picklist(MESSAGE_STATUSES, `status must be one of ${MESSAGE_STATUSES.join(', ')}`),
    ),
    'all',
  ),
  page: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'page must be a whole number from 1'),
      v.transform(Number),
      v.minValue(1, 'page must be a whole number from 1'),
    ),
    '1',
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'limit must be 1 to 100'),
      v.transform(Number),
      v.minValue(1, 'limit must be 1 to 100'),
      v.maxValue(100, 'limit must be 1 to 100'),
    ),
    String(ADMIN_MESSAGES_PAGE_SIZE),
  ),
});

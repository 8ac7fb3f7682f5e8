import type { SupportMessageContent } from '../../events/support-message/support-message.events.ts';
import { normalizePhone } from '../contract/auth.schema.ts';
import type { NewMessage } from '../outbox/outbox.ts';
import { userText } from '../outbox/user-text.ts';

// The two messages every support or contact message makes: one to the team, with everything
// the person wrote, and an acknowledgement to the person quoting the reference.

const CATEGORY_NAMES: Record<string, string> = {
  booking: 'Booking',
  payment: 'Payment',
  property: 'Property',
  account: 'Account',
  technical: 'Technical',
  verification: 'Verification',
  general: 'General',
  other: 'Other',
};
const USER_TYPE_NAMES: Record<string, string> = {
  landlord: 'Landlord',
  tenant: 'Tenant/Renter',
  property_manager: 'Property Manager',
  other: 'Other',
};

export const senderName = (c: SupportMessageContent) =>
  c.form === 'contact' ? `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim() : (c.name ?? '');

/**
 * To the team's address (SUPPORT_EMAIL): the whole message, and how to answer. What the sender
 * wrote (name, subject, message) is defanged (api/outbox/user-text.ts): a URL in it reads as
 * text and is no link, in the team's mail client too. The e-mail and phone were checked as such.
 */
export function teamNotice(content: SupportMessageContent, reference: string, teamAddress: string): NewMessage {
  const lines = [
    `${content.form === 'support' ? 'Support message' : 'Contact form message'} ${reference}`,
    '',
    `From: ${userText(senderName(content)) || '(no name given)'}`,
    content.email ? `E-mail: ${content.email}` : null,
    content.phone ? `Phone: ${content.phone}` : null,
    content.form === 'contact'
      ? `Preferred contact method: ${content.contactMethod === 'phone' ? 'Phone' : 'Email'}`
      : null,
    content.userType ? `Role: ${USER_TYPE_NAMES[content.userType] ?? content.userType}` : null,
    content.category ? `Category: ${CATEGORY_NAMES[content.category] ?? content.category}` : null,
    `Subject: ${userText(content.subject)}`,
    '',
    userText(content.message),
    '',
    `Mark it handled in the Admin Panel (Messages) once answered. Promised reply: ${content.form === 'support' ? 'within 24 hours' : 'within 24-48 hours'}.`,
  ];
  return {
    channel: 'email',
    to: teamAddress,
    subject: `[${reference}] ${content.form === 'support' ? 'Support' : 'Contact'}: ${userText(content.subject)}`.slice(
      0,
      250,
    ),
    text: lines.filter((line) => line !== null).join('\n'),
  };
}

/**
 * A phone number we can text without guessing its country: international (+ or 00) or a
 * Ghanaian national number (0 and nine digits). "415 555 0100" could be anywhere: not texted.
 */
export function textablePhone(raw: string): string | null {
  const compact = raw.replace(/[\s().-]/g, '');
  if (!compact.startsWith('+') && !compact.startsWith('00') && !/^0\d{9}$/.test(compact)) return null;
  return normalizePhone(raw);
}

/**
 * To the sender: the reference and when to expect an answer. Nothing they typed (not even the
 * name): the form must not let anyone send their own words to an address that is not theirs.
 */
export function acknowledgement(content: SupportMessageContent, reference: string): NewMessage | null {
  const promise = content.form === 'support' ? 'within 24 hours' : 'within 24-48 hours';
  if (content.email) {
    return {
      channel: 'email',
      to: content.email,
      subject: `We received your message (${reference})`,
      text:
        'Hello,\n\n' +
        `Thank you for contacting Efie. Your message has reached our team and its reference is ${reference}. ` +
        `Please quote it if you write to us again about the same matter.\n\n` +
        `We will get back to you ${promise}${content.contactMethod === 'phone' ? ', by phone as you asked' : ''}.\n\n` +
        `If you did not write to Efie, you can ignore this e-mail.\n\nThe Efie team`,
    };
  }
  const phone = content.phone ? textablePhone(content.phone) : null;
  if (!phone) return null;
  return {
    channel: 'sms',
    to: phone,
    subject: null,
    text: `Efie: we received your message, reference ${reference}. We will call you back ${promise}.`,
  };
}

import { useId, useState, type FormEvent } from 'react';
import {
  CONTACT_REQUIRED,
  CONTACT_USER_TYPES,
  EMAIL_REQUIRED,
  MESSAGE_LIMITS,
  PHONE_REQUIRED,
} from './messages-contract.ts';
import { TextAreaField, TextField } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select.tsx';
import { toast } from '../../ui/toast.ts';
import { MessageStatus } from './message-status.tsx';
import { SendButton } from './send-button.tsx';
import { useSendMessage } from './send-message.ts';
import { useT } from '../../i18n/i18n.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { enMessages } from '../../i18n/en-messages.ts';

const USER_TYPE_LABELS: Record<(typeof CONTACT_USER_TYPES)[number], MessageId> = {
  landlord: 'messages.landlord',
  tenant: 'messages.tenant',
  property_manager: 'messages.propertyManager',
  other: 'messages.other',
};
type Method = 'email' | 'phone';
const EMPTY = {
  firstName: '',
  lastName: '',
  contactMethod: 'email' as Method,
  email: '',
  phone: '',
  userType: '',
  subject: '',
  message: '',
};
type Values = typeof EMPTY;

/** The spec's checks on submit, in its order, as its toasts. */
function missing(values: Values): { title: string; description: string } | null {
  const blank = (text: string) => text.trim() === '';
  if ([values.firstName, values.lastName, values.subject, values.message, values.userType].some(blank))
    return { title: 'Missing Required Fields', description: CONTACT_REQUIRED };
  if (values.contactMethod === 'email' && blank(values.email))
    return { title: 'Email Required', description: EMAIL_REQUIRED };
  if (values.contactMethod === 'phone' && blank(values.phone))
    return { title: 'Phone Required', description: PHONE_REQUIRED };
  return null;
}

/** The public contact form (spec part 2 §2, §4, §5, §8). */
export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const methodName = useId();
  const { t } = useT(enMessages);
  const { sending, sent, queued, send } = useSendMessage('/api/contact/message', {
    success: "We'll get back to you within 24-48 hours. Thank you for contacting Efie!",
    failure: {
      title: 'Error',
      description: 'Failed to send message. Please try again or contact us directly via email.',
    },
  });
  const set =
    <K extends keyof Values>(field: K) =>
    (value: Values[K]) =>
      setValues((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const problem = missing(values);
    if (problem) return toast({ ...problem, variant: 'destructive' });
    // Only the chosen method's address is sent.
    const { email, phone, ...rest } = values;
    const body = values.contactMethod === 'email' ? { ...rest, email } : { ...rest, phone };
    if (await send(body, `Message to Efie: ${values.subject.trim()}`)) setValues(EMPTY);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('messages.contactForm')}
      className="grid gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('messages.firstName')}
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={MESSAGE_LIMITS.name}
          value={values.firstName}
          onChange={(e) => set('firstName')(e.target.value)}
        />
        <TextField
          label={t('messages.lastName')}
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={MESSAGE_LIMITS.name}
          value={values.lastName}
          onChange={(e) => set('lastName')(e.target.value)}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{t('messages.preferredMethod')}</legend>
        <div className="flex gap-6">
          {(['email', 'phone'] as const).map((method) => (
            <label key={method} className="inline-flex min-h-10 items-center gap-2">
              <input
                type="radio"
                name={methodName}
                value={method}
                checked={values.contactMethod === method}
                onChange={() => set('contactMethod')(method)}
                className="size-4 accent-teal-700"
              />
              {method === 'email' ? t('messages.email') : t('messages.phone')}
            </label>
          ))}
        </div>
      </fieldset>
      {values.contactMethod === 'email' ? (
        <TextField
          label={t('messages.emailAddress')}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={MESSAGE_LIMITS.email}
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
        />
      ) : (
        <TextField
          label={t('messages.phoneNumber')}
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          maxLength={MESSAGE_LIMITS.phone}
          value={values.phone}
          onChange={(e) => set('phone')(e.target.value)}
        />
      )}
      <SelectField
        label={t('messages.userType')}
        value={values.userType}
        onValueChange={set('userType')}
        placeholder={t('messages.selectRole')}
        options={CONTACT_USER_TYPES.map((value) => ({ value, label: t(USER_TYPE_LABELS[value]) }))}
      />
      <TextField
        label={t('messages.subject')}
        name="subject"
        required
        placeholder={t('messages.subjectPlaceholder')}
        maxLength={MESSAGE_LIMITS.subject}
        value={values.subject}
        onChange={(e) => set('subject')(e.target.value)}
      />
      <TextAreaField
        label={t('messages.message')}
        name="message"
        required
        placeholder={t('messages.messagePlaceholder')}
        maxLength={MESSAGE_LIMITS.message}
        value={values.message}
        onChange={(e) => set('message')(e.target.value)}
      />
      <SendButton sending={sending} />
      <MessageStatus sent={sent} queued={queued} />
      <div className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
        <p className="font-semibold">{t('messages.privacy')}</p>
        <p>{t('messages.privacyText')}</p>
      </div>
    </form>
  );
}

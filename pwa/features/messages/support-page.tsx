import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { MESSAGE_LIMITS, SUPPORT_CATEGORIES, SUPPORT_REQUIRED } from './messages-contract.ts';
import { Card, PageTitle } from '../../ui/card.tsx';
import { TextAreaField, TextField } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select.tsx';
import { toast } from '../../ui/toast.ts';
import { SUPPORT_ADDRESS } from './contact-details.ts';
import { MessageStatus } from './message-status.tsx';
import { SendButton } from './send-button.tsx';
import { useSendMessage } from './send-message.ts';
import { useT } from '../../i18n/i18n.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { enMessages } from '../../i18n/en-messages.ts';

const CATEGORY_LABELS: Record<(typeof SUPPORT_CATEGORIES)[number], MessageId> = {
  booking: 'support.booking',
  payment: 'support.payment',
  property: 'support.property',
  account: 'support.account',
  technical: 'support.technical',
  verification: 'support.verification',
  general: 'support.general',
  other: 'support.other',
};
const EMPTY = { name: '', email: '', category: '', subject: '', message: '' };

/** /support: how to reach the team, and the support form (spec part 2 §2, §5, §8). */
export function SupportPage() {
  const [values, setValues] = useState(EMPTY);
  const { t } = useT(enMessages);
  const { sending, sent, queued, send } = useSendMessage('/api/support/message', {
    success: "Thank you for contacting Efie support. We'll reply within 24 hours.",
    failure: { title: 'Failed to Send Message', description: 'Please try again, or write to us at support@efie.app.' },
  });
  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!values.email.trim() || !values.subject.trim() || !values.message.trim()) {
      toast({ title: 'Missing Required Fields', description: SUPPORT_REQUIRED, variant: 'destructive' });
      return;
    }
    const body = { ...values, name: values.name.trim() || undefined, category: values.category || undefined };
    if (await send(body, `Message to Efie support: ${values.subject.trim()}`)) setValues(EMPTY);
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-[1fr_2fr]">
      <div className="grid content-start gap-4">
        <PageTitle sub={t('support.sub')}>{t('support.title')}</PageTitle>
        <Card>
          <h2 className="text-lg font-semibold">{t('support.contactInformation')}</h2>
          <dl className="mt-3 grid gap-3 text-sm">
            <div>
              <dt className="font-medium">{t('support.email')}</dt>
              <dd>
                <a href={`mailto:${SUPPORT_ADDRESS}`} className="text-teal-800 underline underline-offset-2">
                  {SUPPORT_ADDRESS}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-medium">{t('support.responseTime')}</dt>
              <dd>{t('support.replyWithin')}</dd>
            </div>
            <div>
              <dt className="font-medium">{t('support.otherEnquiries')}</dt>
              <dd>
                <Link to="/contact" className="text-teal-800 underline underline-offset-2">
                  {t('support.contactPage')}
                </Link>
              </dd>
            </div>
          </dl>
          <p className="mt-4 text-sm text-stone-700">{t('support.neverAsks')}</p>
        </Card>
      </div>
      <Card>
        <h2 className="text-lg font-semibold">{t('messages.sendUs')}</h2>
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="mt-4 grid gap-4"
          aria-label={t('support.messageForm')}
        >
          <TextField
            label={t('support.nameOptional')}
            name="name"
            autoComplete="name"
            maxLength={MESSAGE_LIMITS.name}
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
          />
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
          <SelectField
            label={t('support.categoryOptional')}
            value={values.category}
            onValueChange={set('category')}
            placeholder={t('support.chooseCategory')}
            options={SUPPORT_CATEGORIES.map((value) => ({ value, label: t(CATEGORY_LABELS[value]) }))}
          />
          <TextField
            label={t('messages.subject')}
            name="subject"
            required
            maxLength={MESSAGE_LIMITS.subject}
            value={values.subject}
            onChange={(e) => set('subject')(e.target.value)}
          />
          <TextAreaField
            label={t('messages.message')}
            name="message"
            required
            maxLength={MESSAGE_LIMITS.message}
            value={values.message}
            onChange={(e) => set('message')(e.target.value)}
          />
          <SendButton sending={sending} />
          <MessageStatus sent={sent} queued={queued} />
        </form>
      </Card>
    </div>
  );
}

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

const CATEGORY_LABELS: Record<(typeof SUPPORT_CATEGORIES)[number], string> = {
  booking: 'Booking',
  payment: 'Payment',
  property: 'Property listing',
  account: 'Account',
  technical: 'Technical problem',
  verification: 'Verification',
  general: 'General question',
  other: 'Other',
};
const EMPTY = { name: '', email: '', category: '', subject: '', message: '' };

/** /support: how to reach the team, and the support form (spec part 2 §2, §5, §8). */
export function SupportPage() {
  const [values, setValues] = useState(EMPTY);
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
        <PageTitle sub="Questions about a booking, a listing or your account? We're here to help.">Support</PageTitle>
        <Card>
          <h2 className="text-lg font-semibold">Contact information</h2>
          <dl className="mt-3 grid gap-3 text-sm">
            <div>
              <dt className="font-medium">E-mail</dt>
              <dd>
                <a href={`mailto:${SUPPORT_ADDRESS}`} className="text-teal-800 underline underline-offset-2">
                  {SUPPORT_ADDRESS}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-medium">Response time</dt>
              <dd>We reply within 24 hours.</dd>
            </div>
            <div>
              <dt className="font-medium">Other enquiries</dt>
              <dd>
                <Link to="/contact" className="text-teal-800 underline underline-offset-2">
                  Contact page
                </Link>
              </dd>
            </div>
          </dl>
          <p className="mt-4 text-sm text-stone-700">
            Efie never asks for rent or deposits: we connect renters with hosts and do not handle rent money. Never pay
            anyone who says otherwise.
          </p>
        </Card>
      </div>
      <Card>
        <h2 className="text-lg font-semibold">Send us a message</h2>
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="mt-4 grid gap-4"
          aria-label="Support message"
        >
          <TextField
            label="Name (optional)"
            name="name"
            autoComplete="name"
            maxLength={MESSAGE_LIMITS.name}
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
          />
          <TextField
            label="Email Address"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={MESSAGE_LIMITS.email}
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
          />
          <SelectField
            label="Category (optional)"
            value={values.category}
            onValueChange={set('category')}
            placeholder="Choose a category"
            options={SUPPORT_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))}
          />
          <TextField
            label="Subject"
            name="subject"
            required
            maxLength={MESSAGE_LIMITS.subject}
            value={values.subject}
            onChange={(e) => set('subject')(e.target.value)}
          />
          <TextAreaField
            label="Message"
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

import { Card } from '../../ui/card.tsx';
import { ContactCards } from './contact-cards.tsx';
import { ContactForm } from './contact-form.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enMessages } from '../../i18n/en-messages.ts';

/** /contact: header, contact cards on the left, the form on the right (spec part 2 §2). */
export function ContactPage() {
  const { t } = useT(enMessages);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <header className="mb-8 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-12 place-items-center rounded-xl bg-teal-700 text-2xl font-bold text-white"
        >
          E
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('messages.contactTitle')}</h1>
          <p className="text-stone-700">{t('messages.contactIntro')}</p>
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <ContactCards />
        <Card>
          <h2 className="mb-4 text-lg font-semibold">{t('messages.sendUs')}</h2>
          <ContactForm />
        </Card>
      </div>
    </div>
  );
}

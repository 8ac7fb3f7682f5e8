import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { rememberAfterSignIn } from '../../lib/after-sign-in.ts';
import { useAuth } from '../../lib/current-user.ts';
import { PROVIDER_CATEGORIES, type ProviderCategory } from '../../lib/contract.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { toast } from '../../ui/toast.ts';
import { CATEGORY_INFO } from './categories.ts';
import { RegistrationDialog, SIGN_IN_TO_REGISTER } from './registration-dialog.tsx';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enServices } from '../../i18n/en-services.ts';

const BENEFITS = [
  {
    title: 'Reach renters and owners',
    text: 'People looking after homes on Efie find your business in the service directory.',
  },
  { title: 'A Verified badge', text: 'Our team checks every application, so customers know you are real.' },
  { title: 'Free to join', text: 'Registering and being listed costs nothing. Customers contact you directly.' },
  { title: 'Emergency work', text: 'Say you take emergency call-outs and customers in a hurry will see it.' },
];

/** Register Your Business: five category cards, the dialog, benefits and the 24-hour note (spec part 2 §2). */
export function RegisterView() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { t } = useT(enServices);
  const [dialog, setDialog] = useState<{ open: boolean; categoryId: string }>({ open: false, categoryId: '' });

  const start = (categoryId: ProviderCategory | '') => {
    if (auth.status === 'unauthenticated') {
      toast(SIGN_IN_TO_REGISTER);
      rememberAfterSignIn('services-register');
      void navigate({ to: '/register', search: { action: 'services' } });
      return;
    }
    setDialog({ open: true, categoryId });
  };

  return (
    <div className="grid gap-8">
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="mb-3 text-xl font-semibold">
          {t('services.chooseService')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {PROVIDER_CATEGORIES.map((id) => (
            <li key={id}>
              <Card className="flex h-full flex-col gap-2">
                <span aria-hidden="true" className="text-3xl">
                  {CATEGORY_INFO[id].icon}
                </span>
                <h3 className="font-semibold">{translateText(CATEGORY_INFO[id].name)}</h3>
                <p className="flex-1 text-sm text-stone-700">{translateText(CATEGORY_INFO[id].description)}</p>
                <Button
                  variant="secondary"
                  aria-label={t('services.registerAs', { name: translateText(CATEGORY_INFO[id].name) })}
                  disabled={auth.status === 'loading'}
                  onClick={() => start(id)}
                >
                  {t('services.register')}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
        <div className="mt-4">
          <Button disabled={auth.status === 'loading'} onClick={() => start('')}>
            {t('services.registerBusiness')}
          </Button>
        </div>
      </section>
      <section aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="mb-3 text-xl font-semibold">
          {t('services.whyJoin')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="rounded-xl border border-stone-200 bg-white p-4">
              <h3 className="font-semibold">{translateText(benefit.title)}</h3>
              <p className="text-sm text-stone-700">{translateText(benefit.text)}</p>
            </li>
          ))}
        </ul>
      </section>
      <p role="note" className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900">
        {t('services.reviewNote')}
      </p>
      <RegistrationDialog
        open={dialog.open}
        categoryId={dialog.categoryId}
        onOpenChange={(open) => setDialog((old) => ({ ...old, open }))}
      />
    </div>
  );
}

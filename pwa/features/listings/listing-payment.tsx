import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAuth } from '../../lib/current-user.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Badge, Card, PageTitle } from '../../ui/card.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import { PLANS, type PlanId } from './plans.ts';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enHost } from '../../i18n/en-host.ts';

const SIMULATED_PAYMENT_MS = 2000;

export function ListingPayment() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [plan, setPlan] = useState<PlanId>('premium');
  const [paying, setPaying] = useState(false);
  const { t } = useT(enHost);
  if (auth.status === 'loading') return <CenteredSpinner />;
  if (auth.status === 'unauthenticated') {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Card className="text-center">
          <h1 className="text-xl font-bold">{t('payment.accountRequired')}</h1>
          <p className="mt-2 text-stone-700">{t('payment.accountText')}</p>
          <div className="mt-4 flex justify-center gap-2">
            <Link to="/register" search={{ action: 'list-property' }} className={buttonClass('primary')}>
              {t('payment.signUp')}
            </Link>
            <Link to="/login" className={buttonClass('secondary')}>
              {t('payment.signIn')}
            </Link>
          </div>
        </Card>
      </div>
    );
  }
  const chosen = PLANS.find((item) => item.id === plan)!;
  // No real payment is made: a 2-second simulation, then on to the wizard with the plan.
  const pay = () => {
    setPaying(true);
    setTimeout(() => {
      toast({
        title: t('payment.successful'),
        description: t('payment.planActive', { plan: translateText(chosen.name) }),
      });
      void navigate({ to: '/list-property', search: { plan } });
    }, SIMULATED_PAYMENT_MS);
  };
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageTitle sub={t('payment.sub')}>{t('payment.title')}</PageTitle>
      <fieldset className="grid gap-4 md:grid-cols-3">
        <legend className="sr-only">{t('payment.plan')}</legend>
        {PLANS.map((item) => (
          <label
            key={item.id}
            className="relative cursor-pointer rounded-xl border-2 border-stone-200 bg-white p-5 has-[:checked]:border-teal-700"
          >
            <input
              type="radio"
              name="plan"
              value={item.id}
              checked={plan === item.id}
              onChange={() => setPlan(item.id)}
              className="sr-only"
            />
            {item.popular && (
              <span className="absolute right-3 top-3">
                <Badge tone="teal">{t('payment.mostPopular')}</Badge>
              </span>
            )}
            <span className="block text-lg font-semibold">{translateText(item.name)}</span>
            <span className="mt-2 block text-3xl font-bold">
              ${item.price}
              <span className="text-base font-normal text-stone-700">{t('payment.perMonth')}</span>
            </span>
            <ul className="mt-3 list-disc pl-5 text-sm text-stone-800">
              {item.features.map((feature) => (
                <li key={feature}>{translateText(feature)}</li>
              ))}
            </ul>
          </label>
        ))}
      </fieldset>
      <Card className="mt-6 grid gap-3">
        <h2 className="text-lg font-semibold">{t('payment.payment')}</h2>
        <p className="text-stone-800">
          {translateText(chosen.name)}: <strong>${chosen.price}</strong> {t('payment.priceLine')}
        </p>
        <p className="text-sm text-stone-700">{t('payment.simulated')}</p>
        <Button onClick={pay} disabled={paying}>
          {paying ? t('payment.processing') : t('payment.pay', { amount: `$${chosen.price}` })}
        </Button>
      </Card>
    </div>
  );
}

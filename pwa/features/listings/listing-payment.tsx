import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAuth } from '../../lib/current-user.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Badge, Card, PageTitle } from '../../ui/card.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import { PLANS, type PlanId } from './plans.ts';

const SIMULATED_PAYMENT_MS = 2000;

export function ListingPayment() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [plan, setPlan] = useState<PlanId>('premium');
  const [paying, setPaying] = useState(false);
  if (auth.status === 'loading') return <CenteredSpinner />;
  if (auth.status === 'unauthenticated') {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Card className="text-center">
          <h1 className="text-xl font-bold">Account required</h1>
          <p className="mt-2 text-stone-700">Create an account or sign in to subscribe and list properties.</p>
          <div className="mt-4 flex justify-center gap-2">
            <Link to="/register" search={{ action: 'list-property' }} className={buttonClass('primary')}>
              Sign Up
            </Link>
            <Link to="/login" className={buttonClass('secondary')}>
              Sign In
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
        title: 'Payment successful',
        description: `Your ${chosen.name} plan is active. You can now list your property.`,
      });
      void navigate({ to: '/list-property', search: { plan } });
    }, SIMULATED_PAYMENT_MS);
  };
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageTitle sub="Choose a plan to list your properties on Efie.">Choose Your Listing Plan</PageTitle>
      <fieldset className="grid gap-4 md:grid-cols-3">
        <legend className="sr-only">Plan</legend>
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
                <Badge tone="teal">Most Popular</Badge>
              </span>
            )}
            <span className="block text-lg font-semibold">{item.name}</span>
            <span className="mt-2 block text-3xl font-bold">
              ${item.price}
              <span className="text-base font-normal text-stone-700">/month</span>
            </span>
            <ul className="mt-3 list-disc pl-5 text-sm text-stone-800">
              {item.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </label>
        ))}
      </fieldset>
      <Card className="mt-6 grid gap-3">
        <h2 className="text-lg font-semibold">Payment</h2>
        <p className="text-stone-800">
          {chosen.name}: <strong>${chosen.price}</strong> per month
        </p>
        <p className="text-sm text-stone-700">Payment is simulated; no card is charged.</p>
        <Button onClick={pay} disabled={paying}>
          {paying ? 'Processing payment...' : `Pay $${chosen.price}`}
        </Button>
      </Card>
    </div>
  );
}

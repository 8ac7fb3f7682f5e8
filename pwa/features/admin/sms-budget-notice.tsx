import type { SmsBudgetStatus } from '../../lib/contract.ts';

/** The hour and minute, in the admin's own time zone, at which SMS sending resumes. */
const clockTime = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * The hourly SMS budget (SMS_HOURLY_BUDGET) on the Delivery tab: once it is reached, SMS wait in
 * the outbox (neither dropped nor failed) and this says how many, and when sending resumes.
 */
export function SmsBudgetNotice({ budget }: { budget: SmsBudgetStatus }) {
  if (budget.reached) {
    return (
      <div role="status" className="mb-5 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
        <p className="font-semibold">
          SMS budget reached: {budget.waiting} SMS waiting
          {budget.resumesAt ? `, sending resumes at ${clockTime(budget.resumesAt)}` : ''}
        </p>
        <p className="mt-1 text-sm">
          {budget.usedThisHour} of {budget.perHour} SMS an hour sent. Waiting messages are kept and go out on their own,
          oldest first; codes in them may have expired by then, and the person can ask for a new one. E-mail is not held
          back.
        </p>
      </div>
    );
  }
  return (
    <p role="status" className="mb-4 text-sm text-stone-700">
      SMS this hour: {budget.usedThisHour} of {budget.perHour}
      {budget.waiting > 0 ? `, ${budget.waiting} SMS waiting to be sent` : ''}.
    </p>
  );
}

import type { SmsBudgetStatus } from '../../lib/contract.ts';
import { currentLanguage, localeTag, useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

/** The hour and minute, in the admin's own time zone, at which SMS sending resumes. */
const clockTime = (iso: string) =>
  new Date(iso).toLocaleTimeString(currentLanguage().code === 'en' ? 'en-GB' : localeTag(), {
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * The hourly SMS budget (SMS_HOURLY_BUDGET) on the Delivery tab: once it is reached, SMS wait in
 * the outbox (neither dropped nor failed) and this says how many, and when sending resumes.
 */
export function SmsBudgetNotice({ budget }: { budget: SmsBudgetStatus }) {
  const { t } = useT(enAdmin);
  const figures = { used: budget.usedThisHour, perHour: budget.perHour, waiting: budget.waiting };
  if (budget.reached) {
    return (
      <div role="status" className="mb-5 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
        <p className="font-semibold">
          {budget.resumesAt
            ? t('admin.delivery.budgetReachedResumes', { ...figures, time: clockTime(budget.resumesAt) })
            : t('admin.delivery.budgetReached', figures)}
        </p>
        <p className="mt-1 text-sm">{t('admin.delivery.budgetText', figures)}</p>
      </div>
    );
  }
  return (
    <p role="status" className="mb-4 text-sm text-stone-700">
      {budget.waiting > 0 ? t('admin.delivery.thisHourWaiting', figures) : t('admin.delivery.thisHour', figures)}
    </p>
  );
}

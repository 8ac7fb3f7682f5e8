import { Link } from '@tanstack/react-router';
import { errorText } from '../../../lib/api-client.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.ts';
import { translateText, useT } from '../../../i18n/i18n.ts';
import { enAlerts } from '../../../i18n/en-alerts.ts';
import { describeSearch } from '../saved-searches.ts';
import { toFilters } from '../search-params.ts';
import { searchParamsOfAlert } from './alert-filters.ts';
import { PushAlertsSwitch } from './push-alerts-switch.tsx';
import { useDeleteSearchAlert, useSearchAlerts } from './search-alerts.queries.ts';
import type { SavedSearch } from './search-alerts-contract.ts';

/** The renter dashboard's "Search alerts": each saved search, its results, and stopping it. */
export function SearchAlertsList() {
  const alerts = useSearchAlerts();
  const { t } = useT(enAlerts);
  return (
    <section aria-labelledby="search-alerts-heading" className="grid gap-3">
      <h2 id="search-alerts-heading" className="text-xl font-semibold">
        {t('alerts.heading')}
      </h2>
      <p className="text-sm text-stone-700">{t('alerts.intro')}</p>
      {alerts.isPending && <Spinner />}
      {alerts.isError && <p role="alert">{t('alerts.loadFailed')}</p>}
      {alerts.data?.savedSearches.length === 0 && (
        <p className="text-stone-700">
          {t('alerts.none')}{' '}
          <Link to="/search" className="font-medium text-teal-800 underline">
            {t('alerts.findHomes')}
          </Link>
        </p>
      )}
      {alerts.data && alerts.data.savedSearches.length > 0 && (
        <>
          <ul className="grid gap-3" aria-label={t('alerts.heading')}>
            {alerts.data.savedSearches.map((alert) => (
              <li key={alert.id}>
                <AlertRow alert={alert} />
              </li>
            ))}
          </ul>
          <PushAlertsSwitch />
        </>
      )}
    </section>
  );
}

function AlertRow({ alert }: { alert: SavedSearch }) {
  const remove = useDeleteSearchAlert();
  const { t, tn } = useT(enAlerts);
  const params = searchParamsOfAlert(alert.filters);
  const onDelete = () =>
    remove.mutate(alert.id, {
      onSuccess: () => toast({ title: t('alerts.deleted') }),
      onError: (error) =>
        toast({
          title: t('alerts.error'),
          description: translateText(errorText(error, t('alerts.deleteFailed'))),
          variant: 'destructive',
        }),
    });
  return (
    <Card className="grid gap-2">
      <h3 className="break-words font-semibold">{alert.name}</h3>
      <p className="break-words text-sm text-stone-700">{describeSearch(toFilters(params))}</p>
      <p className="text-sm text-stone-700">{tn('alerts.sent', alert.alertsSent)}</p>
      <div className="flex flex-wrap gap-2">
        <Link to="/search" search={params} className={buttonClass('secondary')}>
          {t('alerts.showResults')}
        </Link>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={onDelete}
          aria-label={t('alerts.deleteNamed', { name: alert.name })}
        >
          {t('alerts.delete')}
        </Button>
      </div>
    </Card>
  );
}

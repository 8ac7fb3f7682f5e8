import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { rememberReturnPath } from '../../../lib/after-sign-in.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/current-user.ts';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast.ts';
import { translateText, useT } from '../../../i18n/i18n.ts';
import { enAlerts } from '../../../i18n/en-alerts.ts';
import type { SearchParams } from '../search-params.ts';
import { alertFiltersOf } from './alert-filters.ts';
import { PushAlertsSwitch } from './push-alerts-switch.tsx';
import { useSaveSearch } from './search-alerts.queries.ts';

/**
 * "Alert me about new homes like these" under the search page's results (issue 33, docs/decisions/370),
 * loaded when first tapped (`defaultOpen`: the tap that loaded it asks at once). Saves the filters on
 * screen; a visitor is sent to sign in and brought back to the same search.
 */
export function SaveSearchButton({ params, defaultOpen = false }: { params: SearchParams; defaultOpen?: boolean }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const returnPath = useLocation({ select: (location) => location.href });
  const save = useSaveSearch();
  const [saved, setSaved] = useState<'sent' | 'queued' | undefined>();
  const { t } = useT(enAlerts);
  const asked = useRef(false);

  const ask = () => {
    if (auth.status === 'unauthenticated') {
      rememberReturnPath(returnPath);
      void navigate({ to: '/login' });
      return;
    }
    if (auth.status !== 'authenticated') return;
    const filters = alertFiltersOf(params);
    save.mutate(
      { filters, label: t('alerts.queuedLabel', { name: filters.location ?? '' }), ownerId: auth.user.id },
      {
        onSuccess: (outcome) => {
          setSaved(outcome.status);
          toast({ title: outcome.status === 'sent' ? t('alerts.savedTitle') : t('alerts.queuedTitle') });
        },
        onError: (error) =>
          toast({
            title: t('alerts.error'),
            description: translateText(errorText(error, t('alerts.saveFailed'))),
            variant: 'destructive',
          }),
      },
    );
  };
  // The tap that loaded this: once the account is known.
  useEffect(() => {
    if (!defaultOpen || asked.current || auth.status === 'loading') return;
    asked.current = true;
    ask();
  });

  if (saved === 'queued')
    return (
      <p className="text-sm text-stone-700" role="status">
        {t('alerts.queuedNote')}
      </p>
    );
  if (saved === 'sent')
    return (
      <div className="grid gap-2" role="status">
        <p className="text-sm text-stone-700">{t('alerts.savedNote')}</p>
        <PushAlertsSwitch />
      </div>
    );
  return (
    <Button variant="secondary" disabled={save.isPending || auth.status === 'loading'} onClick={ask}>
      {save.isPending ? t('alerts.saving') : t('alerts.save')}
    </Button>
  );
}

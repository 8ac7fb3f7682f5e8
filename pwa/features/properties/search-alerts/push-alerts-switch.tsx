import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { useT } from '../../../i18n/i18n.ts';
import { enAlerts } from '../../../i18n/en-alerts.ts';
import { browserCanPush, type PushOutcome, pushKey, turnOnPushAlerts } from './push-alerts.ts';

/**
 * "Show alerts on this phone": offered only when the server sends pushes and the browser can take
 * them; says plainly where alerts go otherwise.
 */
export function PushAlertsSwitch() {
  const { t } = useT(enAlerts);
  const key = useQuery({ queryKey: ['push', 'public-key'], queryFn: pushKey, staleTime: Number.POSITIVE_INFINITY });
  const [outcome, setOutcome] = useState<PushOutcome | 'asking' | undefined>(
    typeof Notification !== 'undefined' && Notification.permission === 'denied' ? 'denied' : undefined,
  );
  if (key.isPending) return null;
  if (!key.data || !browserCanPush() || outcome === 'unavailable')
    return <p className="text-sm text-stone-700">{t('alerts.byMessage')}</p>;
  if (outcome === 'on') return <p className="text-sm text-stone-700">{t('alerts.pushOn')}</p>;
  if (outcome === 'denied') return <p className="text-sm text-stone-700">{t('alerts.pushDenied')}</p>;
  return (
    <div>
      <Button
        variant="secondary"
        disabled={outcome === 'asking'}
        onClick={() => {
          setOutcome('asking');
          void turnOnPushAlerts().then(setOutcome, () => setOutcome('unavailable'));
        }}
      >
        {t('alerts.turnOnPush')}
      </Button>
    </div>
  );
}

import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button.tsx';
import { Card, PageTitle } from '../../ui/card.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enHost } from '../../i18n/en-host.ts';

const STAGES = [
  { label: 'host.stageDetails', state: 'host.stateSubmitted', tone: 'bg-emerald-600' },
  { label: 'host.stageImages', state: 'host.stateInProgress', tone: 'bg-amber-500' },
  { label: 'host.stageLive', state: 'host.statePending', tone: 'bg-stone-400' },
] as const;

export function PendingApproval({ propertyId }: { propertyId: string | undefined }) {
  const { t } = useT(enHost);
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <PageTitle sub={t('host.pendingSub')}>{t('host.pendingTitle')}</PageTitle>
      <Card>
        <ol className="grid gap-4">
          {STAGES.map((stage, index) => (
            <li key={stage.label} className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className={`flex size-8 items-center justify-center rounded-full text-sm font-bold text-white ${stage.tone}`}
              >
                {index + 1}
              </span>
              <span className="font-medium">{t(stage.label)}</span>
              <span className="ml-auto text-sm text-stone-700">{t(stage.state)}</span>
            </li>
          ))}
        </ol>
        <p className="mt-6 text-stone-800">{t('host.pendingText')}</p>
        <div className="mt-6 flex flex-wrap gap-2">
          <Link to="/dashboard" className={buttonClass('primary')}>
            {t('host.goDashboard')}
          </Link>
          {propertyId && (
            <Link to="/property/$id" params={{ id: propertyId }} className={buttonClass('secondary')}>
              {t('host.preview')}
            </Link>
          )}
          <Link to="/list-property" className={buttonClass('secondary')}>
            {t('host.listAnother')}
          </Link>
        </div>
      </Card>
    </div>
  );
}

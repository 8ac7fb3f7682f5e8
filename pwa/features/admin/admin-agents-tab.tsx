import { useId, useState, type FormEvent } from 'react';
import { errorText, isStatus } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Badge, Card } from '../../ui/card.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { validate } from '../../ui/form.ts';
import { Pager } from '../../ui/pager.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import { type LicenseFilterStatus, useAdminLicenses, useDecideLicense } from './admin-agent-licenses.queries.ts';
import { AccessDenied } from './admin-properties-tab.tsx';
import { agentName, decidedOn, LICENSE_STATUS_BADGES } from './agent-license-text.ts';
import { ADMIN_LICENSES_PAGE_SIZE, type AgentLicenseEntry, RejectLicenseSchema } from './agent-licenses-contract.ts';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

const FILTERS: { value: LicenseFilterStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'verified', label: 'Verified' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

const EMPTY: Record<LicenseFilterStatus, string> = {
  pending: 'Nothing waiting: every licence number has been checked.',
  verified: 'No verified agents yet.',
  rejected: 'No rejected licence numbers.',
  all: 'No agent has given a licence number yet.',
};

/** Agents' licence numbers to check by hand against the Council's register (issue 33, docs/decisions/330). */
export function AdminAgentsTab() {
  const [status, setStatus] = useState<LicenseFilterStatus>('pending');
  const [page, setPage] = useState(1);
  const list = useAdminLicenses({ status, page });
  const { t, tn } = useT(enAdmin);
  if (isStatus(list.error, 401) || isStatus(list.error, 403)) return <AccessDenied />;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / (list.data?.pageSize ?? ADMIN_LICENSES_PAGE_SIZE)));
  return (
    <div className="grid gap-4">
      <p className="text-stone-700">{t('admin.agents.intro')}</p>
      <div role="group" aria-label={t('admin.agents.show')} className="flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <Button
            key={filter.value}
            variant={status === filter.value ? 'primary' : 'secondary'}
            aria-pressed={status === filter.value}
            onClick={() => {
              setStatus(filter.value);
              setPage(1);
            }}
          >
            {translateText(filter.label)}
          </Button>
        ))}
      </div>
      <p className="text-sm text-stone-700" aria-live="polite">
        {list.data ? tn('admin.agents.count', list.data.total) : list.isError ? '' : t('admin.loading')}
      </p>
      {list.isPending && <Spinner />}
      {list.isError && <p role="alert">{t('admin.agents.loadFailed')}</p>}
      <ul className="grid gap-3" aria-label={t('admin.agents.list')}>
        {list.data?.agents.map((agent) => (
          <li key={agent.userId}>
            <AgentRow agent={agent} />
          </li>
        ))}
      </ul>
      {list.data?.total === 0 && <p className="text-stone-700">{translateText(EMPTY[status])}</p>}
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

function AgentRow({ agent }: { agent: AgentLicenseEntry }) {
  const decide = useDecideLicense();
  const [rejecting, setRejecting] = useState(false);
  const { t, tn } = useT(enAdmin);
  const name = agentName(agent);
  const badge = LICENSE_STATUS_BADGES[agent.status];
  const failed = (error: unknown) =>
    toast({
      title: 'Error',
      description: errorText(error, 'The licence could not be updated'),
      variant: 'destructive',
    });
  const verify = () =>
    decide.mutate(
      { action: 'verify', userId: agent.userId, licenseNumber: agent.licenseNumber },
      {
        onSuccess: () => toast({ title: 'Licence verified', description: `${name}: ${agent.licenseNumber}` }),
        onError: failed,
      },
    );
  return (
    <Card className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={badge.tone}>{translateText(badge.label)}</Badge>
        <span className="text-sm text-stone-700">{tn('admin.agents.liveListings', agent.liveListings)}</span>
      </div>
      <div className="min-w-0">
        <h3 className="break-words font-semibold">{name}</h3>
        {agent.businessName && name !== agent.businessName && (
          <p className="break-words text-sm text-stone-700">{agent.businessName}</p>
        )}
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-stone-600">{t('admin.agents.licenceNumber')}</dt>
        <dd className="break-all font-mono text-base">{agent.licenseNumber}</dd>
        {agent.email && (
          <>
            <dt className="text-stone-600">{t('admin.agents.email')}</dt>
            <dd className="break-all">
              <a className="text-teal-800 underline" href={`mailto:${agent.email}`}>
                {agent.email}
              </a>
            </dd>
          </>
        )}
        {agent.phone && (
          <>
            <dt className="text-stone-600">{t('admin.agents.phone')}</dt>
            <dd>
              <a className="text-teal-800 underline" href={`tel:${agent.phone}`}>
                {agent.phone}
              </a>
            </dd>
          </>
        )}
        {agent.decidedAt && (
          <>
            <dt className="text-stone-600">
              {agent.status === 'verified' ? t('admin.agents.verifiedOn') : t('admin.agents.rejectedOn')}
            </dt>
            <dd>{decidedOn(agent.decidedAt)}</dd>
          </>
        )}
        {agent.status === 'rejected' && agent.reason && (
          <>
            <dt className="text-stone-600">{t('admin.agents.reason')}</dt>
            <dd className="whitespace-pre-wrap break-words">{agent.reason}</dd>
          </>
        )}
      </dl>
      {rejecting ? (
        <RejectForm agent={agent} name={name} onDone={() => setRejecting(false)} />
      ) : (
        // A later finding may reverse an earlier one (a licence revoked, a mistake put right).
        <div className="flex flex-wrap gap-2">
          {agent.status !== 'verified' && (
            <Button disabled={decide.isPending} onClick={verify} aria-label={t('admin.agents.verifyOf', { name })}>
              {t('admin.agents.verify')}
            </Button>
          )}
          {agent.status !== 'rejected' && (
            <Button
              variant="secondary"
              disabled={decide.isPending}
              onClick={() => setRejecting(true)}
              aria-label={t('admin.agents.rejectOf', { name })}
            >
              {t('admin.agents.reject')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}

function RejectForm({ agent, name, onDone }: { agent: AgentLicenseEntry; name: string; onDone: () => void }) {
  const decide = useDecideLicense();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const titleId = useId();
  const { t } = useT(enAdmin);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(RejectLicenseSchema, { licenseNumber: agent.licenseNumber, reason });
    if (!checked.ok) {
      setError(checked.errors.reason);
      return;
    }
    setError(undefined);
    decide.mutate(
      { action: 'reject', userId: agent.userId, ...checked.data },
      {
        onSuccess: () => {
          toast({ title: 'Licence rejected', description: `${name}: ${agent.licenseNumber}` });
          onDone();
        },
        onError: (failure) => {
          toast({
            title: 'Error',
            description: errorText(failure, 'The licence could not be updated'),
            variant: 'destructive',
          });
          // A 409 means the row was stale (a new number, or another admin's finding): it is read
          // again, and the admin decides afresh about what it shows. Other failures keep the reason typed.
          if (isStatus(failure, 409)) onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId} className="grid gap-3 rounded-md bg-stone-50 p-3">
      <h4 id={titleId} className="font-semibold">
        {t('admin.agents.rejectNumber', { number: agent.licenseNumber })}
      </h4>
      <TextAreaField
        label={t('admin.agents.reasonLabel')}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
        error={error}
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={decide.isPending}>
          {decide.isPending ? t('admin.agents.rejecting') : t('admin.agents.rejectLicence')}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={decide.isPending}>
          {t('admin.agents.cancel')}
        </Button>
      </div>
    </form>
  );
}

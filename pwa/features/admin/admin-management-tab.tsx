import { useId, useState, type FormEvent } from 'react';
import { ApiError, errorText } from '../../lib/api-client.ts';
import type { User } from '../../lib/contract.ts';
import { Button } from '../../ui/button.tsx';
import { Badge, Card } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { TextField } from '../../ui/field.tsx';
import { validate } from '../../ui/form.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import { AccessDenied } from './admin-properties-tab.tsx';
import { GrantAdminSchema, type AdminSummary } from './admins-contract.ts';
import { useAdmins, useGrantAdmin, useRevokeAdmin } from './admins.queries.ts';
import { t, useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

const nameOf = (admin: AdminSummary) =>
  `${admin.firstName ?? ''} ${admin.lastName ?? ''}`.trim() || admin.email || t('admin.unnamed');

/** The admin panel's Admin Management tab: who the admins are, grant by e-mail, revoke (docs/decisions/090). */
export function AdminManagementTab({ user }: { user: User }) {
  const admins = useAdmins();
  const { tn } = useT(enAdmin);
  if (admins.isError) return <AccessDenied />;
  const list = admins.data?.admins ?? [];
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_minmax(18rem,24rem)]">
      <Card>
        <h2 className="text-lg font-semibold" id="admins-heading">
          {t('admin.admins')}
        </h2>
        <p className="mt-1 text-sm text-stone-700" aria-live="polite">
          {admins.data ? tn('admin.canModerate', list.length) : t('admin.loading')}
        </p>
        {admins.isPending && <Spinner />}
        <ul className="mt-3 grid gap-2" aria-labelledby="admins-heading">
          {list.map((admin) => (
            <AdminRow key={admin.id} admin={admin} isSelf={admin.id === user.id} isLast={list.length === 1} />
          ))}
        </ul>
      </Card>
      <GrantAdminForm />
    </div>
  );
}

function AdminRow({ admin, isSelf, isLast }: { admin: AdminSummary; isSelf: boolean; isLast: boolean }) {
  const revoke = useRevokeAdmin();
  const reasonId = useId();
  const name = nameOf(admin);
  const confirm = () =>
    revoke.mutate(admin.id, {
      onSuccess: (answer) => toast({ title: 'Admin rights revoked', description: answer.message }),
      onError: (error) =>
        toast({
          title: 'Could not revoke admin rights',
          description: errorText(error, t('admin.pleaseTryAgain')),
          variant: 'destructive',
        }),
    });
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 p-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{name}</span>
          {isSelf && <Badge tone="blue">{t('admin.you')}</Badge>}
        </p>
        <p className="truncate text-sm text-stone-700">{admin.email ?? t('admin.noEmail')}</p>
      </div>
      {isLast ? (
        <>
          {!isSelf && (
            <Button variant="secondary" disabled aria-describedby={reasonId}>
              {t('admin.revoke')}
            </Button>
          )}
          <p id={reasonId} className="w-full text-sm text-stone-700">
            {t('admin.lastAdmin')}
          </p>
        </>
      ) : isSelf ? (
        <p className="text-sm text-stone-700">{t('admin.anotherCanRevoke')}</p>
      ) : (
        <ConfirmDialog
          title={t('admin.revokeTitle')}
          description={t('admin.revokeText', { name, email: admin.email ?? t('admin.noEmailShort') })}
          confirmLabel={t('admin.revoke')}
          onConfirm={confirm}
          trigger={
            <Button variant="secondary" aria-label={t('admin.revokeOf', { name })} disabled={revoke.isPending}>
              {t('admin.revoke')}
            </Button>
          }
        />
      )}
    </li>
  );
}

function GrantAdminForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const grant = useGrantAdmin();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(GrantAdminSchema, { email });
    setError(checked.errors.email);
    if (!checked.ok) return;
    grant.mutate(checked.data, {
      onSuccess: (answer) => {
        toast({ title: answer.granted ? 'Admin granted' : 'Already an admin', description: answer.message });
        setEmail('');
      },
      onError: (failure) => {
        const message = errorText(failure, t('admin.grantFailed'));
        // A refusal about the address (no account, not verified) belongs under the field too.
        if (failure instanceof ApiError && failure.body?.issues?.some((issue) => issue.path === 'email'))
          setError(message);
        toast({ title: 'Could not grant admin rights', description: message, variant: 'destructive' });
      },
    });
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('admin.grantAdmin')}</h2>
      <p className="mt-1 text-sm text-stone-700">{t('admin.grantText')}</p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <TextField
          label={t('admin.emailAddress')}
          type="email"
          autoComplete="off"
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
        />
        <div>
          <Button type="submit" disabled={grant.isPending}>
            {grant.isPending ? t('admin.granting') : t('admin.grantAdmin')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

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

const nameOf = (admin: AdminSummary) =>
  `${admin.firstName ?? ''} ${admin.lastName ?? ''}`.trim() || admin.email || 'Unnamed account';

/** The admin panel's Admin Management tab: who the admins are, grant by e-mail, revoke (docs/decisions/090). */
export function AdminManagementTab({ user }: { user: User }) {
  const admins = useAdmins();
  if (admins.isError) return <AccessDenied />;
  const list = admins.data?.admins ?? [];
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_minmax(18rem,24rem)]">
      <Card>
        <h2 className="text-lg font-semibold" id="admins-heading">
          Admins
        </h2>
        <p className="mt-1 text-sm text-stone-700" aria-live="polite">
          {admins.data
            ? `${list.length} ${list.length === 1 ? 'admin' : 'admins'} can moderate listings, providers, videos and messages.`
            : 'Loading…'}
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
          description: errorText(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 p-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{name}</span>
          {isSelf && <Badge tone="blue">You</Badge>}
        </p>
        <p className="truncate text-sm text-stone-700">{admin.email ?? 'No e-mail address'}</p>
      </div>
      {isLast ? (
        <>
          {!isSelf && (
            <Button variant="secondary" disabled aria-describedby={reasonId}>
              Revoke
            </Button>
          )}
          <p id={reasonId} className="w-full text-sm text-stone-700">
            The last admin cannot be revoked: make someone else an admin first.
          </p>
        </>
      ) : isSelf ? (
        <p className="text-sm text-stone-700">Another admin can revoke your rights.</p>
      ) : (
        <ConfirmDialog
          title="Revoke admin rights?"
          description={`${name} (${admin.email ?? 'no e-mail'}) will no longer be able to use the Admin Panel. Their account stays as it is.`}
          confirmLabel="Revoke"
          onConfirm={confirm}
          trigger={
            <Button variant="secondary" aria-label={`Revoke admin rights of ${name}`} disabled={revoke.isPending}>
              Revoke
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
        const message = errorText(failure, 'Failed to grant admin rights. Please try again.');
        // A refusal about the address (no account, not verified) belongs under the field too.
        if (failure instanceof ApiError && failure.body?.issues?.some((issue) => issue.path === 'email'))
          setError(message);
        toast({ title: 'Could not grant admin rights', description: message, variant: 'destructive' });
      },
    });
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold">Grant admin</h2>
      <p className="mt-1 text-sm text-stone-700">
        The person must have an Efie account with a verified e-mail address.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <TextField
          label="Email address"
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
            {grant.isPending ? 'Granting...' : 'Grant admin'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { AdminChangePasswordSchema, type User } from '../../lib/contract.ts';
import { displayName } from '../../lib/current-user.ts';
import { longDate } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { validate, type FieldErrors } from '../../ui/form.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { toast } from '../../ui/toast.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

// POST /api/admin/change-password
const postAdminPassword = (body: typeof EMPTY) => apiRequest<unknown>('POST', '/api/admin/change-password', { body });

export function AdminSettingsTab({ user }: { user: User }) {
  const { t } = useT(enAdmin);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useMutation({ mutationFn: postAdminPassword });
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(AdminChangePasswordSchema, values);
    setErrors(result.errors);
    if (!result.ok) return;
    change.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Password changed successfully' });
        setValues(EMPTY);
      },
      onError: () => toast({ title: 'Error', description: 'Failed to change password', variant: 'destructive' }),
    });
  };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <h2 className="text-lg font-semibold">{t('admin.changePasswordTitle')}</h2>
        <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
          <PasswordField
            label={t('admin.currentPassword')}
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
            error={errors.currentPassword}
          />
          <PasswordField
            label={t('admin.newPassword')}
            autoComplete="new-password"
            value={values.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
          />
          <PasswordField
            label={t('admin.confirmNewPassword')}
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
          />
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t('admin.changing') : t('admin.changePassword')}
            </Button>
          </div>
        </form>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">{t('admin.accountInformation')}</h2>
        <dl className="mt-4 grid gap-2 text-sm">
          <div className="flex justify-between gap-2">
            <dt>{t('admin.name')}</dt>
            <dd>{displayName(user)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt>{t('admin.email')}</dt>
            <dd>{user.email ?? '—'}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt>{t('admin.role')}</dt>
            <dd>{t('admin.administrator')}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt>{t('admin.memberSince')}</dt>
            <dd>{longDate(user.createdAt)}</dd>
          </div>
        </dl>
      </Card>
    </div>
  );
}

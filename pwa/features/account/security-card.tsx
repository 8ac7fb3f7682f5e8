import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { validate, type FieldErrors } from '../../ui/form.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { toast } from '../../ui/toast.ts';
import { ChangePasswordSchema } from '../../lib/contract.ts';
import { useChangePassword } from './change-password.mutation.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAccount } from '../../i18n/en-account.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Collapsed by default; Cancel or success collapses and resets it. */
export function SecurityCard() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangePassword();
  const { t } = useT(enAccount);
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [key]: event.target.value }));
  const close = () => {
    setOpen(false);
    setValues(EMPTY);
    setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(ChangePasswordSchema, values);
    setErrors(result.errors);
    if (!result.ok) return;
    change.mutate(values, {
      onSuccess: () => {
        toast({ title: t('account.passwordChanged'), description: t('account.passwordUpdated') });
        close();
      },
      onError: () =>
        toast({
          title: t('account.error'),
          description: t('account.passwordFailed'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('account.security')}</h2>
      {!open ? (
        <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
          {t('account.changePassword')}
        </Button>
      ) : (
        <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
          <PasswordField
            label={t('account.currentPassword')}
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
            error={errors.currentPassword}
          />
          <PasswordField
            label={t('account.newPassword')}
            autoComplete="new-password"
            value={values.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
          />
          <PasswordField
            label={t('account.confirmNewPassword')}
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t('account.changing') : t('account.changePassword')}
            </Button>
            <Button variant="secondary" onClick={close}>
              {t('account.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { validate, type FieldErrors } from '../../ui/form.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { toast } from '../../ui/toast.ts';
import { ChangePasswordSchema } from '../../lib/contract.ts';
import { useChangePassword } from './change-password.mutation.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Collapsed by default; Cancel or success collapses and resets it. */
export function SecurityCard() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangePassword();
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
        toast({ title: 'Password changed', description: 'Your password has been updated successfully' });
        close();
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to change password. Please check your current password.',
          variant: 'destructive',
        }),
    });
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold">Security</h2>
      {!open ? (
        <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
          Change Password
        </Button>
      ) : (
        <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
            error={errors.currentPassword}
          />
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
          />
          <PasswordField
            label="Confirm New Password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

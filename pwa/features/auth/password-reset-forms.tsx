import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { errorText } from '../../lib/api-client.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Alert, TextField } from '../../ui/field.tsx';
import { validate, type FieldErrors } from '../../ui/form.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { ForgotPasswordSchema, ResetPasswordSchema } from '../../lib/contract.ts';
import { useForgotPassword, useResetPassword } from './password-reset.mutations.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAuth } from '../../i18n/en-auth.ts';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const forgot = useForgotPassword();
  const { t } = useT(enAuth);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(ForgotPasswordSchema, { registrationMethod: 'email', email });
    setErrors(result.errors);
    if (result.ok) forgot.mutate(email.trim());
  };
  return (
    <AuthCard title={t('auth.forgotTitle')} subtitle={t('auth.forgotSubtitle')}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        {forgot.isSuccess && <Alert tone="success">{forgot.data.message}</Alert>}
        {forgot.isError && <Alert>{errorText(forgot.error, t('auth.sendResetFailed'))}</Alert>}
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <Button type="submit" disabled={forgot.isPending}>
          {forgot.isPending ? t('auth.sending') : t('auth.sendResetLink')}
        </Button>
        <Link to="/login" className="text-center text-sm font-medium text-teal-800 hover:underline">
          {t('auth.backToSignIn')}
        </Link>
      </form>
    </AuthCard>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const reset = useResetPassword();
  const { t } = useT(enAuth);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(ResetPasswordSchema, { token, ...values });
    setErrors(result.errors);
    if (result.ok) reset.mutate({ token, newPassword: values.newPassword, confirmPassword: values.confirmPassword });
  };
  if (!token) {
    return (
      <AuthCard title={t('auth.resetTitle')}>
        <Alert>{t('auth.resetIncomplete')}</Alert>
        <Link to="/forgot-password" className={buttonClass('primary', 'mt-4 w-full')}>
          {t('auth.requestNewLink')}
        </Link>
      </AuthCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthCard title={t('auth.passwordReset')}>
        <Alert tone="success">{t('auth.resetDone')}</Alert>
        <Link to="/login" className={buttonClass('primary', 'mt-4 w-full')}>
          {t('auth.signInButton')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        {reset.isError && <Alert>{errorText(reset.error, t('auth.resetFailed'))}</Alert>}
        <PasswordField
          label={t('auth.newPassword')}
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(event) => setValues((old) => ({ ...old, newPassword: event.target.value }))}
          error={errors.newPassword}
        />
        <PasswordField
          label={t('auth.confirmNewPassword')}
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => setValues((old) => ({ ...old, confirmPassword: event.target.value }))}
          error={errors.confirmPassword}
        />
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? t('auth.resetting') : t('auth.resetPassword')}
        </Button>
      </form>
    </AuthCard>
  );
}

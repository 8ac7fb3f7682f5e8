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

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const forgot = useForgotPassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(ForgotPasswordSchema, { registrationMethod: 'email', email });
    setErrors(result.errors);
    if (result.ok) forgot.mutate(email.trim());
  };
  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your email and we will send you a link to reset it.">
      <form onSubmit={submit} noValidate className="grid gap-4">
        {forgot.isSuccess && <Alert tone="success">{forgot.data.message}</Alert>}
        {forgot.isError && <Alert>{errorText(forgot.error, 'Failed to send reset email')}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <Button type="submit" disabled={forgot.isPending}>
          {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <Link to="/login" className="text-center text-sm font-medium text-teal-800 hover:underline">
          Back to Sign In
        </Link>
      </form>
    </AuthCard>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const reset = useResetPassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(ResetPasswordSchema, { token, ...values });
    setErrors(result.errors);
    if (result.ok) reset.mutate({ token, newPassword: values.newPassword, confirmPassword: values.confirmPassword });
  };
  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <Alert>This reset link is incomplete. Ask for a new one.</Alert>
        <Link to="/forgot-password" className={buttonClass('primary', 'mt-4 w-full')}>
          Request a new link
        </Link>
      </AuthCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthCard title="Password reset">
        <Alert tone="success">Your password has been reset. You can sign in with your new password.</Alert>
        <Link to="/login" className={buttonClass('primary', 'mt-4 w-full')}>
          Sign In
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password of at least 8 characters.">
      <form onSubmit={submit} noValidate className="grid gap-4">
        {reset.isError && <Alert>{errorText(reset.error, 'Failed to reset password')}</Alert>}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(event) => setValues((old) => ({ ...old, newPassword: event.target.value }))}
          error={errors.newPassword}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => setValues((old) => ({ ...old, confirmPassword: event.target.value }))}
          error={errors.confirmPassword}
        />
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
    </AuthCard>
  );
}

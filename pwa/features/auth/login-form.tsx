import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { takeAfterSignIn } from '../../lib/after-sign-in.ts';
import { errorText } from '../../lib/api-client.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { Button } from '../../ui/button.tsx';
import { Alert, TextField } from '../../ui/field.tsx';
import { validate } from '../../ui/form.ts';
import { useFieldErrors } from '../../ui/use-field-errors.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { SegmentedTabs } from '../../ui/tabs.tsx';
import { LoginSchema, type LoginBody } from '../../lib/contract.ts';
import { useLogin } from './login.mutation.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAuth } from '../../i18n/en-auth.ts';

interface LoginValues {
  method: 'email' | 'phone';
  email: string;
  phone: string;
  password: string;
}

/** Only the chosen identifier is checked and sent. */
const bodyOf = ({ method, email, phone, password }: LoginValues): LoginBody =>
  method === 'email' ? { email: email.trim(), password } : { phone: phone.trim(), password };

export function LoginForm() {
  const [method, setMethod] = useState<'email' | 'phone'>('email');
  const [values, setValues] = useState({ email: '', phone: '', password: '' });
  const { errors, checkAll, recheck } = useFieldErrors(
    (next: LoginValues) => validate(LoginSchema, { registrationMethod: next.method, ...bodyOf(next) }).errors,
  );
  const login = useLogin();
  const { t } = useT(enAuth);
  const navigate = useNavigate();
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => {
    const next = { ...values, [key]: event.target.value };
    setValues(next);
    recheck({ method, ...next });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checkAll({ method, ...values })) return;
    const body = bodyOf({ method, ...values });
    login.mutate(body, { onSuccess: () => void navigate(takeAfterSignIn()) });
  };

  return (
    <AuthCard title={t('auth.welcomeBack')} subtitle={t('auth.welcomeSubtitle')}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        {login.isError && <Alert>{errorText(login.error, t('auth.loginFailed'))}</Alert>}
        <SegmentedTabs
          label={t('auth.signInWith')}
          value={method}
          onValueChange={(value) => {
            const next = value as LoginValues['method'];
            setMethod(next);
            recheck({ method: next, ...values });
          }}
          items={[
            {
              value: 'email',
              label: t('auth.email'),
              content: (
                <TextField
                  label={t('auth.email')}
                  type="email"
                  autoComplete="email"
                  value={values.email}
                  onChange={set('email')}
                  error={errors.email}
                />
              ),
            },
            {
              value: 'phone',
              label: t('auth.phone'),
              content: (
                <TextField
                  label={t('auth.phoneNumber')}
                  type="tel"
                  autoComplete="tel"
                  value={values.phone}
                  onChange={set('phone')}
                  error={errors.phone}
                />
              ),
            },
          ]}
        />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-teal-800 hover:underline">
            {t('auth.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? t('auth.signingIn') : t('auth.signInButton')}
        </Button>
        <p className="text-center text-sm">
          {t('auth.noAccount')}{' '}
          <Link to="/register" className="font-semibold text-teal-800 hover:underline">
            {t('auth.signUp')}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}

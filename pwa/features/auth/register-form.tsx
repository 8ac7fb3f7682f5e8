import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { rememberReturnPath, takeAfterSignIn } from '../../lib/after-sign-in.ts';
import { errorText } from '../../lib/api-client.ts';
import { contactPagePath } from '../../lib/return-path.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { Button } from '../../ui/button.tsx';
import { Alert, TextField } from '../../ui/field.tsx';
import { validate } from '../../ui/form.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { SelectField } from '../../ui/select.tsx';
import { SegmentedTabs } from '../../ui/tabs.tsx';
import { toast } from '../../ui/toast.ts';
import { useFieldErrors } from '../../ui/use-field-errors.ts';
import { RegisterSchema, type RegisterBody } from '../../lib/contract.ts';
import { useRegister } from './register.mutation.ts';
import { t, useT } from '../../i18n/i18n.ts';
import { enAuth } from '../../i18n/en-auth.ts';

export type RegisterSearch = {
  action?: string | undefined;
  propertyId?: string | undefined;
  userType?: string | undefined;
};

const accountTypes = () => [
  { value: 'renter', label: t('auth.renter') },
  { value: 'owner', label: t('auth.owner') },
  { value: 'agent', label: t('auth.agentType') },
];

// userType=owner, userType=property_professional (home page) and action=list-property start as an owner.
function initialUserType(search: RegisterSearch): string {
  if (search.userType === 'agent') return 'agent';
  if (search.userType === 'owner' || search.userType === 'property_professional' || search.action === 'list-property')
    return 'owner';
  if (search.userType === 'renter') return 'renter';
  return '';
}

/** Where the person was going: action=contact names a listing, whose contact page they wanted to see. */
const returnPathOf = (search: RegisterSearch): string | null =>
  search.action === 'contact' ? contactPagePath(search.propertyId) : null;

export function RegisterForm({ search }: { search: RegisterSearch }) {
  const [values, setValues] = useState<RegisterValues>({
    firstName: '',
    lastName: '',
    registrationMethod: 'email',
    email: '',
    phone: '',
    userType: initialUserType(search),
    businessName: '',
    password: '',
    confirmPassword: '',
  });
  const { errors, checkAll, recheck } = useFieldErrors(
    (next: RegisterValues) => validate(RegisterSchema, bodyOf(next)).errors,
  );
  const register = useRegister();
  useT(enAuth);
  const navigate = useNavigate();
  // Kept through the code (verify) or a switch to signing in instead (login).
  const keepReturnPath = () => rememberReturnPath(returnPathOf(search));
  const change = (next: typeof values) => {
    setValues(next);
    recheck(next);
  };
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    change({ ...values, [key]: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values);
    if (!checkAll(values)) return;
    register.mutate(body, {
      onSuccess: (answer) => {
        keepReturnPath();
        if (answer.requiresVerification && answer.verificationMethod === 'email') {
          toast({ title: t('auth.checkEmail'), description: t('auth.codeSent') });
          void navigate({ to: '/verify-email' });
        } else if (answer.requiresVerification && answer.verificationMethod === 'phone') {
          void navigate({ to: '/verify-phone' });
        } else if (search.action === 'list-property') {
          void navigate({ to: '/list-property' });
        } else {
          void navigate(takeAfterSignIn());
        }
      },
    });
  };

  const subtitle =
    search.action === 'contact'
      ? t('auth.subtitleContact')
      : search.action === 'services'
        ? t('auth.subtitleServices')
        : t('auth.subtitle');
  return (
    <AuthCard title={t('auth.createTitle')} subtitle={subtitle}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        {register.isError && <Alert>{errorText(register.error, t('auth.registrationFailed'))}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('auth.firstName')}
            autoComplete="given-name"
            value={values.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
          />
          <TextField
            label={t('auth.lastName')}
            autoComplete="family-name"
            value={values.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
          />
        </div>
        <SegmentedTabs
          label={t('auth.registerWith')}
          value={values.registrationMethod}
          onValueChange={(registrationMethod) => change({ ...values, registrationMethod })}
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
                  placeholder="+233 24 123 4567"
                  value={values.phone}
                  onChange={set('phone')}
                  error={errors.phone}
                />
              ),
            },
          ]}
        />
        <SelectField
          label={t('auth.accountType')}
          placeholder={t('auth.selectAccountType')}
          value={values.userType}
          onValueChange={(userType) => change({ ...values, userType })}
          options={accountTypes()}
          error={errors.userType}
        />
        {values.userType === 'agent' && (
          <TextField
            label={t('auth.businessName')}
            autoComplete="organization"
            value={values.businessName}
            onChange={set('businessName')}
            error={errors.businessName}
          />
        )}
        <PasswordField
          label={t('auth.password')}
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" disabled={register.isPending}>
          {register.isPending ? t('auth.creating') : t('auth.createAccount')}
        </Button>
        <p className="text-center text-sm">
          {t('auth.haveAccount')}{' '}
          <Link to="/login" onClick={keepReturnPath} className="font-semibold text-teal-800 hover:underline">
            {t('auth.signIn')}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}

type RegisterValues = {
  firstName: string;
  lastName: string;
  registrationMethod: string;
  email: string;
  phone: string;
  userType: string;
  businessName: string;
  password: string;
  confirmPassword: string;
};

/** What is sent: only the chosen identifier, and the business name only for agents. */
function bodyOf(values: RegisterValues): RegisterBody {
  const method = values.registrationMethod === 'phone' ? 'phone' : 'email';
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    password: values.password,
    confirmPassword: values.confirmPassword,
    userType: values.userType as RegisterBody['userType'],
    registrationMethod: method,
    ...(method === 'email' ? { email: values.email.trim() } : { phone: values.phone.trim() }),
    ...(values.userType === 'agent' && values.businessName.trim() ? { businessName: values.businessName.trim() } : {}),
  };
}

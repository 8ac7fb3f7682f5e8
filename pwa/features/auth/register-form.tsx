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

export type RegisterSearch = {
  action?: string | undefined;
  propertyId?: string | undefined;
  userType?: string | undefined;
};

const ACCOUNT_TYPES = [
  { value: 'renter', label: 'Renter' },
  { value: 'owner', label: 'Property Owner' },
  { value: 'agent', label: 'Real Estate Agent' },
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
          toast({ title: 'Check your email', description: 'We sent you a 6-digit code to verify your email address.' });
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
      ? 'Create a free account to see the contact details of this property.'
      : search.action === 'services'
        ? 'Create a free account to find trusted home maintenance services.'
        : 'Join Efie to save homes, contact owners and list your property.';
  return (
    <AuthCard title="Create your account" subtitle={subtitle}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        {register.isError && <Alert>{errorText(register.error, 'Registration failed')}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            value={values.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            value={values.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
          />
        </div>
        <SegmentedTabs
          label="Register with"
          value={values.registrationMethod}
          onValueChange={(registrationMethod) => change({ ...values, registrationMethod })}
          items={[
            {
              value: 'email',
              label: 'Email',
              content: (
                <TextField
                  label="Email"
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
              label: 'Phone',
              content: (
                <TextField
                  label="Phone number"
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
          label="Account type"
          placeholder="Select account type"
          value={values.userType}
          onValueChange={(userType) => change({ ...values, userType })}
          options={ACCOUNT_TYPES}
          error={errors.userType}
        />
        {values.userType === 'agent' && (
          <TextField
            label="Business name"
            autoComplete="organization"
            value={values.businessName}
            onChange={set('businessName')}
            error={errors.businessName}
          />
        )}
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" disabled={register.isPending}>
          {register.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
        <p className="text-center text-sm">
          Already have an account?{' '}
          <Link to="/login" onClick={keepReturnPath} className="font-semibold text-teal-800 hover:underline">
            Sign in
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

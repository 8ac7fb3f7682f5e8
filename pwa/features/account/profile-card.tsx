import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { ApiError } from '../../lib/api-client.ts';
import type { User } from '../../lib/contract.ts';
import { Button } from '../../ui/button.tsx';
import { Badge, Card } from '../../ui/card.tsx';
import { TextField } from '../../ui/field.tsx';
import { validate, type FieldErrors } from '../../ui/form.ts';
import { toast } from '../../ui/toast.ts';
import { ProfileUpdateSchema } from '../../lib/contract.ts';
import { licenseNote } from './license-status.ts';
import { useUpdateProfile } from './update-profile.mutation.ts';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enAccount } from '../../i18n/en-account.ts';

export function ProfileCard({ user }: { user: User }) {
  const [values, setValues] = useState({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    businessName: user.businessName ?? '',
    licenseNumber: user.licenseNumber ?? '',
  });
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // A new e-mail or phone is a new way into the account: the server asks for the current password.
  const changesSignIn =
    values.email.trim().toLowerCase() !== (user.email ?? '') || values.phone.trim() !== (user.phone ?? '');
  const update = useUpdateProfile();
  const { t } = useT(enAccount);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(ProfileUpdateSchema, values);
    setErrors(result.errors);
    if (!result.ok) return;
    update.mutate(changesSignIn ? { ...values, currentPassword } : values, {
      onSuccess: (answer) => {
        setCurrentPassword('');
        // A new address waits for its code (shown below the fields); the fields show what signs in now.
        if (answer?.user)
          setValues((old) => ({ ...old, email: answer.user.email ?? '', phone: answer.user.phone ?? '' }));
        if (answer?.verificationRequired && answer.verificationMethods?.length) {
          toast({
            title: t('account.verificationRequired'),
            description: t('account.checkYour', { methods: answer.verificationMethods.join(t('account.and')) }),
          });
        } else {
          toast({
            title: t('account.profileUpdated'),
            description: answer?.message ? translateText(answer.message) : t('account.profileSaved'),
          });
        }
      },
      onError: (error) => {
        const issues = error instanceof ApiError ? (error.body?.issues ?? []) : [];
        if (issues.length > 0) setErrors(Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));
        const description =
          error instanceof ApiError && error.status === 409 && error.body?.error
            ? translateText(error.body.error, error.body.code)
            : t('account.updateFailed');
        toast({ title: t('account.error'), description, variant: 'destructive' });
      },
    });
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('account.profileInformation')}</h2>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('account.firstName')}
            autoComplete="given-name"
            value={values.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
          />
          <TextField
            label={t('account.lastName')}
            autoComplete="family-name"
            value={values.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
          />
        </div>
        <TextField
          label={t('account.emailAddress')}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          label={t('account.phoneNumber')}
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
        />
        {(user.pendingEmail || user.pendingPhone) && (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="status">
            {t('account.waitingCode', {
              to: [user.pendingEmail, user.pendingPhone].filter(Boolean).join(t('account.and')),
            })}{' '}
            {user.pendingEmail && (
              <Link className="underline" to="/verify-email">
                {t('account.enterEmailCode')}
              </Link>
            )}
            {user.pendingEmail && user.pendingPhone && ' · '}
            {user.pendingPhone && (
              <Link className="underline" to="/verify-phone">
                {t('account.enterPhoneCode')}
              </Link>
            )}
          </p>
        )}
        {changesSignIn && (
          <TextField
            label={t('account.confirmPassword')}
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            error={errors.currentPassword}
            hint={<p className="text-xs text-stone-600">{t('account.confirmHint')}</p>}
          />
        )}
        <fieldset className="grid gap-4 border-t border-stone-200 pt-4">
          <legend className="pt-4 font-semibold">{t('account.business')}</legend>
          <TextField
            label={t('account.businessName')}
            autoComplete="organization"
            value={values.businessName}
            onChange={set('businessName')}
            error={errors.businessName}
          />
          <TextField
            label={t('account.licenseNumber')}
            value={values.licenseNumber}
            onChange={set('licenseNumber')}
            error={errors.licenseNumber}
            {...(user.userType === 'agent'
              ? {
                  hint: (
                    <LicenseHint user={user} changed={values.licenseNumber.trim() !== (user.licenseNumber ?? '')} />
                  ),
                }
              : {})}
          />
        </fieldset>
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('account.saving') : t('account.saveChanges')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

const NOTE_CLASS = {
  amber: 'bg-amber-50 text-amber-900',
  red: 'bg-red-50 text-red-900',
  neutral: 'bg-stone-100 text-stone-800',
};

/** The admins' check of the saved number (issue 33); a changed number is checked afresh once saved. */
function LicenseHint({ user, changed }: { user: User; changed: boolean }) {
  const { t } = useT(enAccount);
  const note = licenseNote(user);
  if (!note) return null;
  return (
    <div className="grid justify-items-start gap-1 text-sm">
      {note.tone === 'green' ? (
        <Badge tone="green">
          <span aria-hidden="true" className="mr-1">
            ✓
          </span>
          {note.text}
        </Badge>
      ) : (
        <p className={`break-words rounded-md px-3 py-2 ${NOTE_CLASS[note.tone]}`}>{note.text}</p>
      )}
      {changed && user.licenseStatus !== 'none' && <p className="text-stone-700">{t('account.licenseRecheck')}</p>}
    </div>
  );
}

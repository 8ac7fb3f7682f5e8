import { useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { newIdempotencyKey } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/current-user.ts';
import { PROVIDER_CATEGORIES } from '../../lib/contract.ts';
import { MAX_MONTHS_EXPERIENCE, MAX_YEARS_EXPERIENCE, PROVIDER_TEXT_LIMITS } from './provider-contract.ts';
import { Button } from '../../ui/button.tsx';
import { Alert, TextAreaField, TextField } from '../../ui/field.tsx';
import type { FieldErrors } from '../../ui/form.ts';
import { SelectField } from '../../ui/select.tsx';
import { toast } from '../../ui/toast.ts';
import { CATEGORY_INFO } from './categories.ts';
import { checkProviderForm, emptyProviderForm, type ProviderFormValues } from './provider-form.schema.ts';
import { REGISTRATION_QUEUED, REGISTRATION_SUBMITTED, useRegisterProvider } from './register-provider.mutation.ts';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enServices } from '../../i18n/en-services.ts';

const FAILED = {
  title: 'Registration Failed',
  description: 'Please check all required fields and try again.',
  variant: 'destructive',
} as const;
export const SIGN_IN_TO_REGISTER = {
  title: 'Sign up or log in',
  description: 'Please sign up or log in to register your business.',
} as const;

type Props = { open: boolean; onOpenChange: (open: boolean) => void; categoryId: string };

/** The registration form in a dialog (spec part 2 §2, §5, §8). Mounted per opening, so it starts empty. */
export function RegistrationDialog({ open, onOpenChange, categoryId }: Props) {
  const { t } = useT(enServices);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[36rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold">{t('services.registerBusiness')}</Dialog.Title>
              <Dialog.Description className="text-sm text-stone-700">{t('services.dialogText')}</Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={t('services.close')}
              className="rounded-md px-2 py-1 text-2xl leading-none hover:bg-stone-100"
            >
              ×
            </Dialog.Close>
          </div>
          {open && <RegistrationForm categoryId={categoryId} onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RegistrationForm({ categoryId, onDone }: { categoryId: string; onDone: () => void }) {
  const [values, setValues] = useState<ProviderFormValues>(() => emptyProviderForm(categoryId));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failed, setFailed] = useState(false);
  // One key per filled-in form: sending the same form again is answered, not applied twice.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const register = useRegisterProvider();
  const { t } = useT(enServices);
  const auth = useAuth();
  const set = (key: keyof ProviderFormValues) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkProviderForm(values);
    setErrors(checked.errors);
    setFailed(!checked.ok);
    if (!checked.ok) return toast(FAILED);
    // The dialog opens only for a signed-in person; a session that ended meanwhile has no one to send it for.
    if (!auth.user) return toast(SIGN_IN_TO_REGISTER);
    register.mutate(
      { body: checked.body, idempotencyKey, ownerId: auth.user.id },
      {
        // Sent, or kept on the phone to send later: either way this submission is done and the form closes.
        onSuccess: (outcome) => {
          toast(outcome.status === 'sent' ? REGISTRATION_SUBMITTED : REGISTRATION_QUEUED);
          onDone();
        },
        onError: () => {
          setFailed(true);
          toast(FAILED);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {/* Also inside the dialog: while it is open, everything outside it is hidden from screen readers, the toast too. */}
      {failed && (
        <Alert>
          {t('services.failedTitle')} - {t('services.failedText')}
        </Alert>
      )}
      <SelectField
        label={t('services.serviceCategory')}
        value={values.categoryId}
        error={errors.categoryId}
        placeholder={t('services.chooseCategory')}
        onValueChange={(value) => setValues((old) => ({ ...old, categoryId: value }))}
        options={PROVIDER_CATEGORIES.map((id) => ({ value: id, label: translateText(CATEGORY_INFO[id].name) }))}
      />
      <TextField
        label={t('services.businessName')}
        value={values.businessName}
        onChange={set('businessName')}
        error={errors.businessName}
        maxLength={PROVIDER_TEXT_LIMITS.businessName}
        autoComplete="organization"
      />
      <TextField
        label={t('services.contactPerson')}
        value={values.contactPerson}
        onChange={set('contactPerson')}
        error={errors.contactPerson}
        maxLength={PROVIDER_TEXT_LIMITS.contactPerson}
        autoComplete="name"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('services.emailRequired')}
          type="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          autoComplete="email"
        />
        <TextField
          label={t('services.phoneRequired')}
          type="tel"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
          autoComplete="tel"
        />
      </div>
      <TextField
        label={t('services.businessAddress')}
        value={values.businessAddress}
        onChange={set('businessAddress')}
        error={errors.businessAddress}
        maxLength={PROVIDER_TEXT_LIMITS.businessAddress}
        autoComplete="street-address"
      />
      <TextField
        label={t('services.coverage')}
        placeholder={t('services.coveragePlaceholder')}
        value={values.serviceArea}
        onChange={set('serviceArea')}
        error={errors.serviceArea}
        maxLength={PROVIDER_TEXT_LIMITS.serviceArea}
      />
      <fieldset className="grid grid-cols-2 gap-4">
        <legend className="mb-1 text-sm font-medium">{t('services.experience')}</legend>
        <TextField
          label={t('services.yearsLabel')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_YEARS_EXPERIENCE}
          value={values.years}
          onChange={set('years')}
          error={errors.years}
        />
        <TextField
          label={t('services.monthsLabel')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_MONTHS_EXPERIENCE}
          value={values.months}
          onChange={set('months')}
          error={errors.months}
        />
      </fieldset>
      <TextAreaField
        label={t('services.offered')}
        placeholder={t('services.offeredPlaceholder')}
        value={values.servicesOffered}
        onChange={set('servicesOffered')}
        error={errors.servicesOffered}
        maxLength={PROVIDER_TEXT_LIMITS.servicesOffered}
      />
      <label className="flex items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5 accent-teal-700"
          checked={values.emergencyAvailable}
          onChange={(event) => setValues((old) => ({ ...old, emergencyAvailable: event.target.checked }))}
        />
        {t('services.emergencyCallouts')}
      </label>
      <TextAreaField
        label={t('services.descriptionOptional')}
        value={values.description}
        onChange={set('description')}
        error={errors.description}
        maxLength={PROVIDER_TEXT_LIMITS.description}
      />
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? t('services.submitting') : t('services.submit')}
      </Button>
    </form>
  );
}

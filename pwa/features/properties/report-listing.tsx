import { useId, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { rememberReturnPath } from '../../lib/after-sign-in.ts';
import type { Property } from '../../lib/contract.ts';
import { useAuth } from '../../lib/current-user.ts';
import { Button } from '../../ui/button.tsx';
import { Alert, FieldError, TextAreaField } from '../../ui/field.tsx';
import type { FieldErrors } from '../../ui/form.ts';
import { type ToastInput, toast } from '../../ui/toast.ts';
import { checkReport, EMPTY_REPORT, NEEDS_CONNECTION, type ReportFormValues, reportFailure } from './report-form.ts';
import { useReportListing } from './report-listing.mutation.ts';
import { REPORT_NOTE_MAX, REPORT_REASONS } from './reports-contract.ts';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enListing } from '../../i18n/en-listing.ts';

const QUIET =
  'inline-flex min-h-10 items-center self-start rounded-md px-1 text-sm font-medium text-stone-700 underline underline-offset-2 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-teal-700';

/**
 * "Report this listing" (issue 33, docs/decisions/340): any signed-in person but its owner; a
 * visitor is sent to sign in and brought back to the listing.
 */
export function ReportListing({ property }: { property: Property }) {
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  const { t } = useT(enListing);
  if (auth.status === 'loading') return null;
  if (auth.status === 'unauthenticated') {
    return (
      <Link to="/login" onClick={() => rememberReturnPath(`/property/${property.id}`)} className={QUIET}>
        {t('report.open')}
      </Link>
    );
  }
  // The server refuses an owner's report (403 own_listing): the button is not offered.
  if (auth.user.id === property.ownerId) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={QUIET}>{t('report.open')}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[32rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl">
          <Dialog.Title className="text-lg font-semibold">{t('report.open')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-stone-700">{t('report.intro')}</Dialog.Description>
          {open && <ReportForm id={property.id} onDone={() => setOpen(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReportForm({ id, onDone }: { id: string; onDone: () => void }) {
  const [values, setValues] = useState<ReportFormValues>(EMPTY_REPORT);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Also said inside the dialog: while it is open, everything outside it (the toast too) is hidden from screen readers.
  const [failed, setFailed] = useState<string | null>(null);
  const report = useReportListing();
  const reasonError = useId();
  const { t } = useT(enListing);

  const change = (next: ReportFormValues) => {
    setValues(next);
    // Once an error is shown, each change checks again, so a fixed field loses its message at once.
    if (Object.keys(errors).length > 0) setErrors(checkReport(next).errors);
  };

  const fail = (shown: ToastInput) => {
    toast(shown);
    setFailed(
      [shown.title, shown.description]
        .filter((text): text is string => Boolean(text))
        .map((text) => translateText(text))
        .join(' - '),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkReport(values);
    setErrors(checked.errors);
    setFailed(null);
    if (!checked.ok) return;
    if (!navigator.onLine) return fail(NEEDS_CONNECTION);
    report.mutate(
      { id, body: checked.body },
      {
        onSuccess: (answer) => {
          toast({ title: t('report.sent'), description: answer.message });
          onDone();
        },
        onError: (error) => {
          const failure = reportFailure(error);
          if (failure.close) {
            toast(failure.toast);
            onDone();
          } else fail(failure.toast);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
      {failed && <Alert>{failed}</Alert>}
      <fieldset
        className="grid gap-1"
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? reasonError : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{t('report.whatWrong')}</legend>
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className="flex min-h-10 items-center gap-3 text-base">
            <input
              type="radio"
              name="reason"
              value={reason}
              checked={values.reason === reason}
              onChange={() => change({ ...values, reason })}
              className="size-5 shrink-0 accent-teal-700"
            />
            {t(`report.reason.${reason}`)}
          </label>
        ))}
        <FieldError id={reasonError} message={errors.reason} />
      </fieldset>
      <TextAreaField
        label={values.reason === 'other' ? t('report.noteOther') : t('report.noteOptional')}
        value={values.note}
        onChange={(event) => change({ ...values, note: event.target.value })}
        error={errors.note}
        maxLength={REPORT_NOTE_MAX}
        rows={3}
      />
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary">{t('report.cancel')}</Button>
        </Dialog.Close>
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? t('report.sending') : t('report.send')}
        </Button>
      </div>
    </form>
  );
}

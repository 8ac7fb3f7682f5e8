import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Dialog } from 'radix-ui';
import { Button } from './button.tsx';
import { Alert, FieldError, TextAreaField } from './field.tsx';
import type { FieldErrors } from './form.ts';
import { EMPTY_REPORT, NEEDS_CONNECTION, type ReportCheck, type ReportValues, reportFailure } from './report-form.ts';
import { type ToastInput, toast } from './toast.ts';
import { translateText } from '../i18n/i18n.ts';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The button that opens the dialog, when it is not opened from elsewhere (a menu). */
  trigger?: ReactNode;
  /** The form, mounted afresh each time the dialog opens. */
  children: ReactNode;
};

/** The sheet a report is written in: from the bottom on a phone, centred on a wider screen. */
export function ReportDialog({ open, onOpenChange, title, description, trigger, children }: DialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[32rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl">
          <Dialog.Title className="text-lg font-semibold [overflow-wrap:anywhere]">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-stone-700">{description}</Dialog.Description>
          {open && children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The form's words, already translated by the feature that shows it. */
export type ReportFormLabels = {
  whatWrong: string;
  noteOther: string;
  noteOptional: string;
  cancel: string;
  send: string;
  sending: string;
  /** The toast's title once the report is sent (the server's answer is its description). */
  sent: string;
};

type Callbacks = { onSuccess: (answer: { message: string }) => void; onError: (error: unknown) => void };

type FormProps<R extends string, B> = {
  reasons: readonly R[];
  reasonName: (reason: R) => string;
  labels: ReportFormLabels;
  noteMax: number;
  check: ReportCheck<R, B>;
  /** The feature's mutation: sent now or not at all, as a report needs a connection. */
  report: { mutate: (body: B, callbacks: Callbacks) => void; isPending: boolean };
  onDone: () => void;
};

/** A reason among `reasons`, a note (needed for "other"), and Send; a refusal is said in the form too. */
export function ReportForm<R extends string, B>({
  reasons,
  reasonName,
  labels,
  noteMax,
  check,
  report,
  onDone,
}: FormProps<R, B>) {
  const [values, setValues] = useState<ReportValues<R>>(EMPTY_REPORT);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Also said inside the dialog: while it is open, everything outside it (the toast too) is hidden from screen readers.
  const [failed, setFailed] = useState<string | null>(null);
  const reasonError = useId();

  const change = (next: ReportValues<R>) => {
    setValues(next);
    // Once an error is shown, each change checks again, so a fixed field loses its message at once.
    if (Object.keys(errors).length > 0) setErrors(check(next).errors);
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
    const checked = check(values);
    setErrors(checked.errors);
    setFailed(null);
    if (!checked.ok) return;
    if (!navigator.onLine) return fail(NEEDS_CONNECTION);
    report.mutate(checked.body, {
      onSuccess: (answer) => {
        toast({ title: labels.sent, description: answer.message });
        onDone();
      },
      onError: (error) => {
        const failure = reportFailure(error);
        if (failure.close) {
          toast(failure.toast);
          onDone();
        } else fail(failure.toast);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
      {failed && <Alert>{failed}</Alert>}
      <fieldset
        className="grid gap-1"
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? reasonError : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{labels.whatWrong}</legend>
        {reasons.map((reason) => (
          <label key={reason} className="flex min-h-10 items-center gap-3 py-1 text-base">
            <input
              type="radio"
              name="reason"
              value={reason}
              checked={values.reason === reason}
              onChange={() => change({ ...values, reason })}
              className="size-5 shrink-0 accent-teal-700"
            />
            {reasonName(reason)}
          </label>
        ))}
        <FieldError id={reasonError} message={errors.reason} />
      </fieldset>
      <TextAreaField
        label={values.reason === 'other' ? labels.noteOther : labels.noteOptional}
        value={values.note}
        onChange={(event) => change({ ...values, note: event.target.value })}
        error={errors.note}
        maxLength={noteMax}
        rows={3}
      />
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary">{labels.cancel}</Button>
        </Dialog.Close>
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? labels.sending : labels.send}
        </Button>
      </div>
    </form>
  );
}

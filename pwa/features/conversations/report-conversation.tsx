import { useId, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { Button } from '../../ui/button.tsx';
import { Alert, FieldError, TextAreaField } from '../../ui/field.tsx';
import type { FieldErrors } from '../../ui/form.ts';
import { type ToastInput, toast } from '../../ui/toast.ts';
import { CONVERSATION_REPORT_NOTE_MAX, CONVERSATION_REPORT_REASONS } from './conversations-contract.ts';
import { useReportConversation } from './conversations.queries.ts';
import {
  checkConversationReport,
  conversationReportFailure,
  EMPTY_CONVERSATION_REPORT,
  REPORT_NEEDS_CONNECTION,
  type ReportConversationValues,
} from './report-conversation-form.ts';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enConversations } from '../../i18n/en-conversations.ts';

type Props = { id: string; name: string; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Reporting the other side of a thread to the Efie team (issue 34, docs/decisions/380), opened from
 * the thread's menu. Sent now or not at all: a report needs a connection.
 */
export function ReportConversationDialog({ id, name, open, onOpenChange }: Props) {
  const { t } = useT(enConversations);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[32rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl">
          <Dialog.Title className="text-lg font-semibold [overflow-wrap:anywhere]">
            {t('conversations.report.title', { name })}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-stone-700">
            {t('conversations.report.intro')}
          </Dialog.Description>
          {open && <ReportForm id={id} onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReportForm({ id, onDone }: { id: string; onDone: () => void }) {
  const [values, setValues] = useState<ReportConversationValues>(EMPTY_CONVERSATION_REPORT);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Also said inside the dialog: while it is open, everything outside it (the toast too) is hidden from screen readers.
  const [failed, setFailed] = useState<string | null>(null);
  const report = useReportConversation(id);
  const reasonError = useId();
  const { t } = useT(enConversations);

  const change = (next: ReportConversationValues) => {
    setValues(next);
    // Once an error is shown, each change checks again, so a fixed field loses its message at once.
    if (Object.keys(errors).length > 0) setErrors(checkConversationReport(next).errors);
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
    const checked = checkConversationReport(values);
    setErrors(checked.errors);
    setFailed(null);
    if (!checked.ok) return;
    if (!navigator.onLine) return fail(REPORT_NEEDS_CONNECTION);
    report.mutate(checked.body, {
      onSuccess: (answer) => {
        toast({ title: t('conversations.report.sent'), description: answer.message });
        onDone();
      },
      onError: (error) => {
        const failure = conversationReportFailure(error);
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
        <legend className="mb-1 text-sm font-medium">{t('conversations.report.whatWrong')}</legend>
        {CONVERSATION_REPORT_REASONS.map((reason) => (
          <label key={reason} className="flex min-h-10 items-center gap-3 py-1 text-base">
            <input
              type="radio"
              name="reason"
              value={reason}
              checked={values.reason === reason}
              onChange={() => change({ ...values, reason })}
              className="size-5 shrink-0 accent-teal-700"
            />
            {t(`conversations.report.reason.${reason}`)}
          </label>
        ))}
        <FieldError id={reasonError} message={errors.reason} />
      </fieldset>
      <TextAreaField
        label={values.reason === 'other' ? t('conversations.report.noteOther') : t('conversations.report.noteOptional')}
        value={values.note}
        onChange={(event) => change({ ...values, note: event.target.value })}
        error={errors.note}
        maxLength={CONVERSATION_REPORT_NOTE_MAX}
        rows={3}
      />
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary">{t('conversations.cancel')}</Button>
        </Dialog.Close>
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? t('conversations.sending') : t('conversations.report.send')}
        </Button>
      </div>
    </form>
  );
}

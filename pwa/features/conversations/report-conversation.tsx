import { ReportDialog, ReportForm } from '../../ui/report-form.tsx';
import { CONVERSATION_REPORT_NOTE_MAX, CONVERSATION_REPORT_REASONS } from './conversations-contract.ts';
import { useReportConversation } from './conversations.queries.ts';
import { checkConversationReport } from './report-conversation-form.ts';
import { useT } from '../../i18n/i18n.ts';
import { enConversations } from '../../i18n/en-conversations.ts';

type Props = { id: string; name: string; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Reporting the other side of a thread to the Efie team (issue 34, docs/decisions/380), opened from
 * the thread's menu. Sent now or not at all: a report needs a connection.
 */
export function ReportConversationDialog({ id, name, open, onOpenChange }: Props) {
  const { t } = useT(enConversations);
  return (
    <ReportDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('conversations.report.title', { name })}
      description={t('conversations.report.intro')}
    >
      <ConversationReportForm id={id} onDone={() => onOpenChange(false)} />
    </ReportDialog>
  );
}

function ConversationReportForm({ id, onDone }: { id: string; onDone: () => void }) {
  const report = useReportConversation(id);
  const { t } = useT(enConversations);
  return (
    <ReportForm
      reasons={CONVERSATION_REPORT_REASONS}
      reasonName={(reason) => t(`conversations.report.reason.${reason}`)}
      labels={{
        whatWrong: t('conversations.report.whatWrong'),
        noteOther: t('conversations.report.noteOther'),
        noteOptional: t('conversations.report.noteOptional'),
        cancel: t('conversations.cancel'),
        send: t('conversations.report.send'),
        sending: t('conversations.sending'),
        sent: t('conversations.report.sent'),
      }}
      noteMax={CONVERSATION_REPORT_NOTE_MAX}
      check={checkConversationReport}
      report={report}
      onDone={onDone}
    />
  );
}

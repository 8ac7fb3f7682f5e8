import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { rememberReturnPath } from '../../lib/after-sign-in.ts';
import type { Property } from '../../lib/contract.ts';
import { useAuth } from '../../lib/current-user.ts';
import { ReportDialog, ReportForm } from '../../ui/report-form.tsx';
import { checkReport } from './report-form.ts';
import { useReportListing } from './report-listing.mutation.ts';
import { REPORT_NOTE_MAX, REPORT_REASONS } from './reports-contract.ts';
import { useT } from '../../i18n/i18n.ts';
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
    <ReportDialog
      open={open}
      onOpenChange={setOpen}
      title={t('report.open')}
      description={t('report.intro')}
      trigger={
        <button type="button" className={QUIET}>
          {t('report.open')}
        </button>
      }
    >
      <ListingReportForm id={property.id} onDone={() => setOpen(false)} />
    </ReportDialog>
  );
}

function ListingReportForm({ id, onDone }: { id: string; onDone: () => void }) {
  const report = useReportListing(id);
  const { t } = useT(enListing);
  return (
    <ReportForm
      reasons={REPORT_REASONS}
      reasonName={(reason) => t(`report.reason.${reason}`)}
      labels={{
        whatWrong: t('report.whatWrong'),
        noteOther: t('report.noteOther'),
        noteOptional: t('report.noteOptional'),
        cancel: t('report.cancel'),
        send: t('report.send'),
        sending: t('report.sending'),
        sent: t('report.sent'),
      }}
      noteMax={REPORT_NOTE_MAX}
      check={checkReport}
      report={report}
      onDone={onDone}
    />
  );
}

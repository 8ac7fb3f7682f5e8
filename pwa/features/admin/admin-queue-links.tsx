import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useAdminProviders } from './admin-service-providers.queries.ts';
import { tn, useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

/** "1 application waiting", "3 applications waiting". */
const applicationsWaiting = (count: number) => tn('admin.applicationsWaiting', count);

/**
 * The admin pages that are not tabs of the panel (issue 28): Service Provider Approval and
 * Video Management, each with what waits there. `videosWaiting` comes from the videos
 * feature (features do not import each other): the route puts it in.
 */
export function AdminQueueLinks({ videosWaiting }: { videosWaiting?: ReactNode }) {
  const providers = useAdminProviders({ status: 'pending', page: 1 });
  const pending = providers.data?.counts?.pending;
  const { t } = useT(enAdmin);
  return (
    <nav aria-label={t('admin.otherPages')} className="mb-6 grid gap-2 sm:grid-cols-2 sm:gap-3">
      <QueueLink
        to="/admin/service-approval"
        title={t('admin.serviceApproval')}
        waiting={pending === undefined ? null : applicationsWaiting(pending)}
      />
      <QueueLink to="/admin/video-management" title={t('admin.videoManagement')} waiting={videosWaiting} />
    </nav>
  );
}

function QueueLink({
  to,
  title,
  waiting,
}: {
  to: '/admin/service-approval' | '/admin/video-management';
  title: string;
  waiting: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="grid gap-0.5 rounded-xl border border-stone-200 bg-white px-4 py-3 shadow-sm hover:border-teal-700 hover:bg-teal-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal-700"
    >
      <span className="font-semibold text-teal-800">
        {title} <span aria-hidden="true">→</span>
      </span>
      {waiting && <span className="text-sm text-stone-700">{waiting}</span>}
    </Link>
  );
}
